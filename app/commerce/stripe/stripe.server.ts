import { stripe } from "~/payments/stripe-client.server";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { findOrderWithPlanTitle, setOrderStripeSession } from "../orders/order.queries.server";
import { subscriptionCheckoutParams } from "./stripe-billing.server";

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
            currency: order.currency.toLowerCase(),
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
  if (!(await setOrderStripeSession(order.id, session.id))) {
    // Cancelled while the session was being made: nobody may pay it (docs/decisions/0024).
    await stripe().checkout.sessions.expire(session.id);
    return { ok: false, reason: "not_payable" };
  }
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  return { ok: true, value: { url: session.url } };
}
