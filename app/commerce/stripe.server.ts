import type Stripe from "stripe";
import { CURRENCY } from "~/constants";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { findOrderWithPlanTitle, recordStripeEvent, setOrderStripeSession } from "./order.queries.server";
import { markOrderPaid } from "./order-lifecycle.server";
import { stripe } from "./stripe-client.server";

/** Card payment is on when both Stripe settings are present; otherwise orders are paid by hand. */
export function cardPaymentEnabled() {
  const settings = config();
  return Boolean(settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET);
}

export type CardCheckoutResult =
  | { ok: true; value: { url: string } }
  | { ok: false; reason: "not_found" | "not_payable" | "disabled" };

/**
 * Hands the buyer to Stripe Checkout for an order awaiting payment, with the amount the server
 * computed. The session id is kept on the order; the order becomes paid only from the webhook.
 */
export async function startCardCheckout(orderId: string): Promise<CardCheckoutResult> {
  if (!cardPaymentEnabled()) return { ok: false, reason: "disabled" };
  const order = await findOrderWithPlanTitle(orderId);
  if (!order) return { ok: false, reason: "not_found" };
  if (order.status !== "awaiting_payment") return { ok: false, reason: "not_payable" };
  const { PUBLIC_URL } = config();
  if (order.stripeSessionId) {
    // Back from Stripe without paying: the open session still works, so no second one is made.
    const existing = await stripe().checkout.sessions.retrieve(order.stripeSessionId);
    if (existing.status === "open" && existing.url) return { ok: true, value: { url: existing.url } };
  }
  const session = await stripe().checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      customer_email: order.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CURRENCY.toLowerCase(),
            unit_amount: order.totalCents,
            product_data: {
              name: `${order.planTitle} plan`,
              description: `Order ${order.id.slice(0, 8).toUpperCase()}, VAT included`,
            },
          },
        },
      ],
      success_url: `${PUBLIC_URL}/checkout/success?payment=card`,
      cancel_url: `${PUBLIC_URL}/checkout/success?payment=cancelled`,
    },
    // A double click on Pay makes one session.
    { idempotencyKey: `checkout-${order.id}-${order.stripeSessionId ?? "first"}` },
  );
  await setOrderStripeSession(order.id, session.id);
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  return { ok: true, value: { url: session.url } };
}

export type WebhookResult =
  | { ok: true; value: { outcome: "paid" | "already_processed" | "ignored" } }
  | { ok: false; reason: "bad_signature" | "disabled" | "amount_mismatch" | "order_not_payable" };

/** The event types that mean the money arrived (card payments complete at once, others later). */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * A Stripe webhook delivery: the signature is verified over the raw body, then the order is paid
 * through markOrderPaid, which changes an order only from awaiting_payment: a replay, a duplicate
 * or a late event for a cancelled or refunded order changes nothing. The amount must be the order's.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  const { STRIPE_WEBHOOK_SECRET: secret } = config();
  if (!cardPaymentEnabled() || !secret) return { ok: false, reason: "disabled" };
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch {
    return { ok: false, reason: "bad_signature" };
  }
  if (!PAID_EVENTS.has(event.type)) return { ok: true, value: { outcome: "ignored" } };
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? null;
  if (session.payment_status !== "paid" || !orderId) return { ok: true, value: { outcome: "ignored" } };

  const order = await findOrderWithPlanTitle(orderId);
  if (
    !order ||
    session.amount_total !== order.totalCents ||
    session.currency?.toLowerCase() !== CURRENCY.toLowerCase()
  ) {
    logger.error(
      { orderId, eventId: event.id, amount: session.amount_total, currency: session.currency },
      "Stripe payment does not match its order: not marked paid",
    );
    return { ok: false, reason: "amount_mismatch" };
  }
  const paymentIntent =
    typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  const paid = await markOrderPaid({
    orderId,
    reference: `stripe:${paymentIntent ?? session.id}`,
    paidAt: new Date(event.created * 1000),
    actor: { kind: "system", name: "stripe" },
  });
  if (!paid.ok) {
    logger.warn(
      { orderId, eventId: event.id, reason: paid.reason },
      "Stripe payment for an order that cannot be paid",
    );
    return { ok: false, reason: "order_not_payable" };
  }
  // A log of what was handled; the order's own conditional change is what makes replays harmless.
  await recordStripeEvent({ id: event.id, type: event.type, orderId });
  return { ok: true, value: { outcome: paid.value.changed ? "paid" : "already_processed" } };
}
