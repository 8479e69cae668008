import Stripe from "stripe";
import { config } from "~/platform/config.server";

/**
 * The Stripe client, shared by card checkout (stripe.server.ts) and refunds (orders.server.ts).
 * STRIPE_API_URL points it at another host (a local fake in tests); nothing else changes.
 */
let client: { key: string; apiUrl: string | undefined; stripe: Stripe } | undefined;

export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: apiUrl } = config();
  if (!key) throw new Error("Stripe is not configured");
  if (client?.key !== key || client.apiUrl !== apiUrl) {
    const api = apiUrl ? new URL(apiUrl) : undefined;
    client = {
      key,
      apiUrl,
      stripe: new Stripe(key, {
        maxNetworkRetries: 2,
        timeout: 15_000,
        ...(api
          ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(":", "") as "http" }
          : {}),
      }),
    };
  }
  return client.stripe;
}

/** The payment intent a Stripe-paid order's reference names (`stripe:pi_…`), else undefined. */
export function stripePaymentIntentOf(paymentReference: string | null) {
  const match = /^stripe:(pi_[A-Za-z0-9_]+)$/.exec(paymentReference ?? "");
  return match?.[1];
}

/**
 * Gives the whole payment back through Stripe. The order id is the idempotency key, so a retried
 * refund (a double click, a transaction that failed after Stripe answered) refunds once; a payment
 * Stripe already refunded in full counts as refunded.
 */
export async function refundStripePayment(input: { orderId: string; paymentIntent: string }) {
  try {
    const refund = await stripe().refunds.create(
      {
        payment_intent: input.paymentIntent,
        reason: "requested_by_customer",
        metadata: { orderId: input.orderId },
      },
      { idempotencyKey: input.orderId },
    );
    return { ok: true, value: { refundId: refund.id } } as const;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
      return { ok: true, value: { refundId: null } } as const;
    }
    return { ok: false, reason: "refund_failed", error } as const;
  }
}
