import type { StateMachine } from "~/platform/state-machine";
import type { SubscriptionStatus } from "./subscriptions";

/**
 * Every way a Pro subscription's status may change (docs/decisions/0019, 0022). A paid Pro order
 * starts it `active`; subscription-lifecycle.server.ts moves it only through this table. Whether
 * it ends at its period's end (`cancelAtPeriodEnd`) and the renewal reminder are fields, not moves.
 */
export const SUBSCRIPTION_START = "active" satisfies SubscriptionStatus;

export const SUBSCRIPTION_TRANSITIONS = {
  /** A period paid (by Stripe's invoice or by the team): active again, a lapsed one too. */
  renew: { from: ["active", "past_due", "ended"], to: "active", audit: "subscription.renewed" },
  /** Stripe could not collect a renewal: usable for the grace period. */
  fail_payment: { from: ["active"], to: "past_due", audit: "subscription.payment_failed" },
  /** Over: Stripe deleted it, its grace ran out, or its last period did. */
  end: { from: ["active", "past_due"], to: "ended", audit: "subscription.ended" },
} as const satisfies StateMachine<SubscriptionStatus>;

export type SubscriptionMove = keyof typeof SUBSCRIPTION_TRANSITIONS;
