import { taxRules } from "~/payments/taxes/tax-rules.server";
import type { Transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { findLatestBillingOfUser, type Order } from "../orders/order.queries.server";
import { findPlanTitle } from "../pricing/plan.queries.server";
import { repriceStripeSubscription } from "../stripe/stripe-billing.server";
import { nextPeriodGross, type RenewalBilling } from "./renewal-pricing";
import { type Subscription, updateSubscription } from "./subscription.queries.server";
import { isSubscriptionBilling } from "./subscriptions";

/*
 * What a subscription's next period costs (docs/decisions/0026, "Renewals"): the plan's net price
 * with the tax of the day the period starts, for the buyer as they are now. Set after each renewal
 * on the subscription (the reminder and the profile show it) and, for Stripe, on its price.
 */

/**
 * The buyer's billing details now: their newest order's (a later purchase from another country or
 * with a VAT number counts), or the first order's for a guest's subscription.
 */
export async function currentBillingOf(
  tx: Transaction,
  subscription: Subscription,
  first: Order,
): Promise<RenewalBilling> {
  const latest = subscription.userId ? await findLatestBillingOfUser(subscription.userId, tx) : null;
  return latest ?? first;
}

/**
 * Prices the period after the one just renewed. Stripe's price is changed when the gross differs;
 * should Stripe be unreachable, the renewal still stands (it is split at the right rate whatever
 * Stripe collects, renewal-pricing.ts) and the next renewal tries again.
 */
export async function priceNextPeriod(
  tx: Transaction,
  subscription: Subscription,
  first: Order,
): Promise<Subscription> {
  const billing = await currentBillingOf(tx, subscription, first);
  const amountCents = nextPeriodGross(
    first.unitPriceCents,
    billing,
    subscription.currentPeriodEnd,
    taxRules(),
  );
  const priced =
    amountCents === subscription.amountCents
      ? subscription
      : await updateSubscription(tx, subscription.id, { amountCents });
  if (subscription.provider !== "stripe" || !subscription.stripeSubscriptionId) return priced;
  if (!isSubscriptionBilling(first.billing)) return priced;
  try {
    await repriceStripeSubscription({
      stripeSubscriptionId: subscription.stripeSubscriptionId,
      plan: {
        planCategory: first.planCategory,
        downloads: first.downloads,
        currency: subscription.currency,
        billing: first.billing,
        planTitle: (await findPlanTitle(first.planCategory, tx)) ?? "Pro",
      },
      amountCents,
    });
  } catch (error) {
    logger.warn(
      { err: error, subscriptionId: subscription.id, amountCents },
      "the next period's price could not be set in Stripe",
    );
  }
  return priced;
}
