import type { Currency } from "~/payments/currencies";
import { BILLING_LABELS } from "../pricing/plans";
import { listAllSubscriptions } from "./subscription.queries.server";
import {
  addDays,
  RENEWALS_DUE_DAYS,
  SUBSCRIPTION_STATE_LABELS,
  type SubscriptionState,
  subscriptionState,
} from "./subscriptions";

export interface StaffSubscriptionRow {
  id: string;
  orderId: string;
  email: string;
  planLabel: string;
  provider: "stripe" | "manual";
  state: SubscriptionState;
  stateLabel: string;
  currentPeriodEnd: string;
  amountCents: number;
  currency: Currency;
  /** Running and its period ends within RENEWALS_DUE_DAYS: to renew (manual) or to watch. */
  dueSoon: boolean;
}

/**
 * The staff list of subscriptions: those whose period ends in the next RENEWALS_DUE_DAYS first
 * (soonest first; a manual one needs the team's renewal), then the other running ones, ended last.
 */
export async function listSubscriptionsForStaff(now = new Date()): Promise<StaffSubscriptionRow[]> {
  const horizon = addDays(now, RENEWALS_DUE_DAYS);
  const rows = (await listAllSubscriptions()).map((row) => {
    const state = subscriptionState(row);
    return {
      id: row.id,
      orderId: row.orderId,
      email: row.email,
      planLabel: `${row.planTitle} · ${BILLING_LABELS[row.billing]}`,
      provider: row.provider,
      state,
      stateLabel: SUBSCRIPTION_STATE_LABELS[state],
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      amountCents: row.amountCents,
      currency: row.currency,
      dueSoon: row.status !== "ended" && row.currentPeriodEnd <= horizon,
    };
  });
  const rank = (row: StaffSubscriptionRow) => (row.dueSoon ? 0 : row.state === "ended" ? 2 : 1);
  // The query ordered by period end; a stable sort keeps that order inside each group.
  return rows.sort((a, b) => rank(a) - rank(b));
}
