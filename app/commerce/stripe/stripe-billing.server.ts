import Stripe from "stripe";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { stripe } from "~/payments/stripe-client.server";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { listSubscriptionsOfUser } from "../billing/subscription.queries.server";
import { isSubscriptionBilling, renewalAmounts } from "../billing/subscriptions";
import type { Order } from "../orders/order.queries.server";
import { shortOrderId } from "../orders/order-id";

/*
 * Stripe Billing for Pro's monthly and annual plans: the product and prices made from the plan
 * table (found again by id and lookup key, so never twice), Checkout in subscription mode, the
 * customer portal, the next period's price when its tax changed, and the cancellation of a
 * subscription whose grace period ran out or whose order the team refunded with it.
 */

const INTERVAL = { monthly: "month", annual: "year" } as const;

/** One Stripe product per plan, under our own id (a second call finds it). */
async function ensureProduct(order: Pick<Order, "planCategory"> & { planTitle: string }) {
  const id = `verdeo_${order.planCategory}`;
  try {
    return await stripe().products.retrieve(id);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404) throw error;
    return stripe().products.create(
      { id, name: `${order.planTitle} plan` },
      { idempotencyKey: `product-${id}` },
    );
  }
}

/**
 * The recurring price of the order's tier and billing at its renewal amount (VAT included, no
 * promo), found by its lookup key or made once.
 */
async function ensurePrice(
  order: Pick<Order, "planCategory" | "downloads" | "currency"> & { planTitle: string },
  billing: keyof typeof INTERVAL,
  amount: number,
) {
  // The currency is part of the key: a price is in one currency (decision 0026).
  const lookupKey = `verdeo_${order.planCategory}_${order.downloads}_${billing}_${amount}_${order.currency.toLowerCase()}`;
  const found = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0];
  const product = await ensureProduct(order);
  return stripe().prices.create(
    {
      product: product.id,
      currency: order.currency.toLowerCase(),
      unit_amount: amount,
      recurring: { interval: INTERVAL[billing] },
      lookup_key: lookupKey,
      nickname: `${order.planTitle}, ${order.downloads === 0 ? "unlimited" : order.downloads} downloads, ${billing}`,
    },
    { idempotencyKey: `price-${lookupKey}` },
  );
}

/**
 * Checkout parameters in subscription mode for a Pro monthly or annual order (null for the one-time
 * packs). A promo applies to the first period only: a one-off coupon for the difference.
 */
export async function subscriptionCheckoutParams(
  order: Order & { planTitle: string },
): Promise<Stripe.Checkout.SessionCreateParams | null> {
  if (!isSubscriptionBilling(order.billing)) return null;
  const price = await ensurePrice(order, order.billing, renewalAmounts(order).totalCents);
  const discount = (price.unit_amount ?? order.totalCents) - order.totalCents;
  const coupon =
    discount > 0
      ? await stripe().coupons.create(
          {
            amount_off: discount,
            currency: order.currency.toLowerCase(),
            duration: "once",
            name: order.promoCode ?? "Promo",
          },
          { idempotencyKey: `coupon-${order.id}` },
        )
      : null;
  const { PUBLIC_URL } = config();
  return {
    mode: "subscription",
    client_reference_id: order.id,
    metadata: { orderId: order.id },
    customer_email: order.email,
    line_items: [{ price: price.id, quantity: 1 }],
    ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
    subscription_data: {
      metadata: { orderId: order.id },
      description: `Order ${shortOrderId(order.id)}, VAT included`,
    },
    success_url: `${PUBLIC_URL}/checkout/success?payment=card`,
    cancel_url: `${PUBLIC_URL}/checkout/success?payment=cancelled`,
  };
}

export type PortalResult =
  | { ok: true; value: { url: string } }
  | { ok: false; reason: "no_stripe_subscription" };

/**
 * A customer portal session for the user's Stripe subscription (card, invoices, cancellation),
 * returning to the profile's Orders tab.
 */
export async function openBillingPortal(userId: string): Promise<PortalResult> {
  if (!cardPaymentEnabled()) return { ok: false, reason: "no_stripe_subscription" };
  const subscription = (await listSubscriptionsOfUser(userId)).find(
    (candidate) => candidate.provider === "stripe" && candidate.stripeCustomerId,
  );
  if (!subscription?.stripeCustomerId) return { ok: false, reason: "no_stripe_subscription" };
  const session = await stripe().billingPortal.sessions.create({
    customer: subscription.stripeCustomerId,
    return_url: `${config().PUBLIC_URL}${ownProfileTabPath("orders")}`,
  });
  return { ok: true, value: { url: session.url } };
}

/**
 * Makes the Stripe subscription's next period cost `amountCents` (VAT included): a renewal found
 * the tax changed (a dated rate, or the buyer's country or VAT status; billing/renewal-pricing.ts).
 * No proration: the period already paid stays as it was. Nothing is sent when the price is right.
 * Answers whether Stripe's price changed.
 */
export async function repriceStripeSubscription(input: {
  stripeSubscriptionId: string;
  plan: Pick<Order, "planCategory" | "downloads" | "currency"> & {
    planTitle: string;
    billing: keyof typeof INTERVAL;
  };
  amountCents: number;
}): Promise<boolean> {
  const subscription = await stripe().subscriptions.retrieve(input.stripeSubscriptionId);
  const item = subscription.items.data[0];
  if (!item || item.price.unit_amount === input.amountCents) return false;
  const price = await ensurePrice(input.plan, input.plan.billing, input.amountCents);
  await stripe().subscriptions.update(
    input.stripeSubscriptionId,
    { items: [{ id: item.id, price: price.id }], proration_behavior: "none" },
    { idempotencyKey: `reprice-${input.stripeSubscriptionId}-${item.id}-${price.id}` },
  );
  return true;
}

/** Stops Stripe's retries for a subscription we ended (its grace period ran out unpaid). */
export async function cancelStripeSubscription(stripeSubscriptionId: string) {
  try {
    await stripe().subscriptions.cancel(stripeSubscriptionId, undefined, {
      idempotencyKey: `cancel-${stripeSubscriptionId}`,
    });
  } catch (error) {
    // Already cancelled (by Stripe's own dunning, or a twin run): nothing left to stop.
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return;
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      logger.warn({ err: error, stripeSubscriptionId }, "Stripe refused to cancel the subscription");
      return;
    }
    throw error;
  }
}
