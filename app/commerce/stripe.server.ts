import type Stripe from "stripe";
import { CURRENCY } from "~/constants";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { findOrderWithPlanTitle, recordStripeEvent, setOrderStripeSession } from "./order.queries.server";
import { markOrderPaid } from "./order-lifecycle.server";
import { subscriptionCheckoutParams } from "./stripe-billing.server";
import { stripe } from "./stripe-client.server";
import { hasStripeEventHandler, runStripeEventHandler } from "./stripe-event-handlers.server";
import { payFirstInvoice, paymentIntentOfInvoice, SYNC_EVENTS, syncStripeEvent } from "./stripe-sync.server";
import { StripeEventTooEarly } from "./subscription-lifecycle.server";

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
  // Pro monthly and annual renew through Stripe Billing; the one-time packs are single payments.
  const subscriptionParams = await subscriptionCheckoutParams(order);
  const session = await stripe().checkout.sessions.create(
    subscriptionParams ?? {
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
  | { ok: true; value: { outcome: "paid" | "applied" | "already_processed" | "ignored" } }
  | {
      ok: false;
      reason: "bad_signature" | "disabled" | "amount_mismatch" | "order_not_payable" | "too_early";
    };

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
  if (hasStripeEventHandler(event.type)) {
    try {
      return { ok: true, value: { outcome: await runStripeEventHandler(event) } };
    } catch (error) {
      if (!(error instanceof StripeEventTooEarly)) throw error;
      logger.warn({ eventId: event.id, type: event.type }, error.message);
      return { ok: false, reason: "too_early" };
    }
  }
  if (SYNC_EVENTS.has(event.type)) {
    try {
      return { ok: true, value: { outcome: await syncStripeEvent(event) } };
    } catch (error) {
      if (!(error instanceof StripeEventTooEarly)) throw error;
      // Delivered before the subscription it is about: Stripe retries later, by then it is known.
      logger.warn({ eventId: event.id, type: event.type }, error.message);
      return { ok: false, reason: "too_early" };
    }
  }
  if (!PAID_EVENTS.has(event.type)) return { ok: true, value: { outcome: "ignored" } };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.mode === "subscription")
    return { ok: true, value: { outcome: await subscriptionCheckoutCompleted(event, session) } };
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

/**
 * A Checkout in subscription mode completed: its first invoice pays the order (invoice.paid may
 * have done so already; whichever comes second finds the order paid).
 */
async function subscriptionCheckoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session) {
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? null;
  const invoiceId = typeof session.invoice === "string" ? session.invoice : session.invoice?.id;
  const subscriptionId =
    typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (!orderId || !invoiceId || !subscriptionId || session.payment_status !== "paid")
    return "ignored" as const;
  const invoice = await stripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
  const line = invoice.lines.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  const outcome = await payFirstInvoice(event, orderId, {
    subscriptionId,
    customerId: typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null),
    amountCents: invoice.amount_paid,
    paymentIntent: await paymentIntentOfInvoice(invoice),
    invoiceId,
    period: { start: new Date(line.start * 1000), end: new Date(line.end * 1000) },
  });
  return outcome === "applied" ? ("paid" as const) : outcome;
}
