import type { Executor } from "~/platform/db/client.server";
import type { Order } from "../orders/order.queries.server";
import { setOrderSubscription } from "../orders/order.queries.server";
import {
  attachGuestSubscriptions,
  insertSubscriptionOnce,
  type Subscription,
} from "./subscription.queries.server";
import { SUBSCRIPTION_START } from "./subscription-machine";
import { isSubscriptionBilling, renewalAmounts } from "./subscriptions";

/*
 * Where a subscription begins and follows its orders to an account: the subscription lifecycle's
 * first step (its later moves are in subscription-lifecycle.server.ts, through
 * SUBSCRIPTION_TRANSITIONS). The order lifecycle calls these in the payment's and the claim's
 * transactions; a file of its own because subscription-lifecycle.server.ts itself pays renewal
 * orders (an import cycle otherwise). See docs/decisions/0022.
 */

/** The Stripe subscription a Checkout in subscription mode created, and the period it bills first. */
export interface StripeSubscriptionLink {
  subscriptionId: string;
  customerId: string | null;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * A paid Pro order starts its subscription in the payment's transaction: renewed by Stripe when
 * Stripe Billing collected it, by the team from the console otherwise. Once: a replay finds it.
 */
export async function startSubscription(
  tx: Executor,
  order: Order,
  stripe: StripeSubscriptionLink | undefined,
): Promise<Subscription | null> {
  if (!isSubscriptionBilling(order.billing) || !order.periodEnd) return null;
  const subscription = await insertSubscriptionOnce(tx, {
    orderId: order.id,
    userId: order.userId,
    email: order.email,
    planCategory: order.planCategory,
    billing: order.billing,
    amountCents: renewalAmounts(order).totalCents,
    currency: order.currency,
    status: SUBSCRIPTION_START,
    provider: stripe ? "stripe" : "manual",
    stripeSubscriptionId: stripe?.subscriptionId ?? null,
    stripeCustomerId: stripe?.customerId ?? null,
    currentPeriodEnd: order.periodEnd,
  });
  // The order learns its subscription: a field of a paid order, not a change of its status.
  await setOrderSubscription(tx, order.id, subscription.id);
  return subscription;
}

/** Guest subscriptions started by orders now claimed by an account follow them to it. */
export function claimGuestSubscriptions(tx: Executor, orderIds: string[], userId: string) {
  return attachGuestSubscriptions(tx, orderIds, userId);
}
