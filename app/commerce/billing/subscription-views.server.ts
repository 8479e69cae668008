import { formatMoney } from "~/payments/money";
import { cardPaymentEnabled } from "~/platform/config.server";
import { BILLING_LABELS } from "../pricing/plans";
import { listSubscriptionsOfUser } from "./subscription.queries.server";
import {
  formatBillingDate,
  RENEWAL_BUTTONS,
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_TEXTS,
  type SubscriptionState,
  subscriptionState,
} from "./subscriptions";

/** Where the profile's Manage billing button posts (to Stripe's customer portal). */
export const BILLING_PORTAL_PATH = "/billing/portal";

/** Where the profile's Stop renewal and Keep renewing buttons post (a manual subscription). */
export const BILLING_RENEWAL_PATH = "/billing/renewal";

/** A running subscription as the profile shows it (labels formatted here, once). */
export interface SubscriptionView {
  id: string;
  planLabel: string;
  state: SubscriptionState;
  stateLabel: string;
  /** When it renews and for how much, when it ends, or until when a failed payment can be fixed. */
  detail: string;
  /** The portal for a Stripe subscription; null for a manual one (renewed by the team). */
  manageUrl: string | null;
  /** A manual subscription's Stop renewal (or Keep renewing) form; null for Stripe's. */
  renewal: { url: string; value: "stop" | "resume"; label: string; explanation: string } | null;
  note: string | null;
}

/** The user's subscriptions that have not ended, newest first. */
export async function subscriptionViewsOf(userId: string): Promise<SubscriptionView[]> {
  const stripeOn = cardPaymentEnabled();
  const rows = await listSubscriptionsOfUser(userId);
  return rows
    .filter((row) => row.status !== "ended")
    .map((row) => {
      const state = subscriptionState(row);
      const end = formatBillingDate(row.currentPeriodEnd);
      const detail =
        state === "ending"
          ? SUBSCRIPTION_TEXTS.endsOn(end)
          : state === "past_due"
            ? SUBSCRIPTION_TEXTS.pastDue(formatBillingDate(row.graceEndsAt ?? row.currentPeriodEnd))
            : SUBSCRIPTION_TEXTS.renews(end, formatMoney(row.amountCents, undefined, row.currency));
      const stripe = row.provider === "stripe" && stripeOn;
      return {
        id: row.id,
        planLabel: `${row.planTitle} · ${BILLING_LABELS[row.billing]}`,
        state,
        stateLabel: SUBSCRIPTION_STATE_LABELS[state],
        detail,
        manageUrl: stripe ? BILLING_PORTAL_PATH : null,
        renewal: row.provider === "manual" ? renewalSwitch(row.cancelAtPeriodEnd, end) : null,
        note:
          row.provider !== "manual"
            ? null
            : row.cancelAtPeriodEnd
              ? SUBSCRIPTION_TEXTS.stoppedNote(end)
              : SUBSCRIPTION_TEXTS.manualRenewal,
      };
    });
}

/** The button a manual subscription offers, said plainly enough to need no second step. */
function renewalSwitch(stopped: boolean, end: string): SubscriptionView["renewal"] {
  return stopped
    ? {
        url: BILLING_RENEWAL_PATH,
        value: "resume",
        label: RENEWAL_BUTTONS.resume,
        explanation: `It renews after ${end} again; we email you the payment details a week before.`,
      }
    : {
        url: BILLING_RENEWAL_PATH,
        value: "stop",
        label: RENEWAL_BUTTONS.stop,
        explanation: `Your plan stays usable until ${end}, then ends. You can undo this until then.`,
      };
}
