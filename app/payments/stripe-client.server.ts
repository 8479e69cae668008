import Stripe from "stripe";
import { cardPaymentEnabled, config } from "~/platform/config.server";
import { STRIPE_REFERENCE_PREFIX } from "./payment-reference";

/**
 * The Stripe client, shared by card checkout (stripe.server.ts) and refunds (order-lifecycle.server.ts).
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

/**
 * Why a card refund did not happen: Stripe answered no (a disputed charge, an amount above what is
 * left), Stripe did not answer or was busy (a retry may work), or Stripe is not configured here.
 */
export type StripeRefundFailure = "refund_refused" | "refund_unavailable" | "refund_unconfigured";

export type StripeRefundResult =
  | { ok: true; value: { refundId: string | null; paymentIntent: string; amountCents: number } }
  | { ok: false; reason: StripeRefundFailure; error: unknown };

/**
 * Gives the whole payment back through Stripe. The key is derived from the order alone (and every
 * parameter from the order), so a retried refund (a double submit, a transaction that failed after
 * Stripe answered, a cancel after a refund that did not record) refunds once; past Stripe's 24 h
 * key memory, a payment Stripe already refunded in full counts as refunded.
 * The webhook records the payment intent; an older reference naming the Checkout session is
 * resolved to its payment intent first.
 */
export async function refundStripePayment(input: {
  orderId: string;
  paymentReference: string;
  amountCents: number;
  /** Another refund than the order's own (a payment that arrived late): its own key. */
  idempotencyKey?: string;
}): Promise<StripeRefundResult> {
  if (!cardPaymentEnabled()) {
    return { ok: false, reason: "refund_unconfigured", error: new Error("Stripe is not configured") };
  }
  try {
    const paymentIntent = await paymentIntentOf(input.paymentReference.slice(STRIPE_REFERENCE_PREFIX.length));
    if (!paymentIntent) {
      return { ok: false, reason: "refund_refused", error: new Error("no payment intent to refund") };
    }
    try {
      const refund = await stripe().refunds.create(
        {
          payment_intent: paymentIntent,
          amount: input.amountCents,
          reason: "requested_by_customer",
          metadata: { orderId: input.orderId },
        },
        { idempotencyKey: input.idempotencyKey ?? refundIdempotencyKey(input.orderId) },
      );
      return { ok: true, value: { refundId: refund.id, paymentIntent, amountCents: input.amountCents } };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
        return { ok: true, value: { refundId: null, paymentIntent, amountCents: input.amountCents } };
      }
      throw error;
    }
  } catch (error) {
    return { ok: false, reason: refundFailureOf(error), error };
  }
}

/** One refund per order, whichever staff action (cancel or refund) asks for it. */
export const refundIdempotencyKey = (orderId: string) => `refund-${orderId}`;

/** No answer, a timeout, too many requests or a fault on Stripe's side: worth a retry later. */
function refundFailureOf(error: unknown): StripeRefundFailure {
  if (!(error instanceof Stripe.errors.StripeError)) return "refund_unavailable";
  if (error instanceof Stripe.errors.StripeConnectionError) return "refund_unavailable";
  if (error instanceof Stripe.errors.StripeRateLimitError) return "refund_unavailable";
  return (error.statusCode ?? 500) >= 500 ? "refund_unavailable" : "refund_refused";
}

async function paymentIntentOf(reference: string): Promise<string | null> {
  if (/^pi_[A-Za-z0-9_]+$/.test(reference)) return reference;
  if (!/^cs_[A-Za-z0-9_]+$/.test(reference)) return null;
  const session = await stripe().checkout.sessions.retrieve(reference);
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/**
 * The issuing country of the card a payment was taken from (ISO 3166-1 alpha-2), the second piece
 * of evidence of where a buyer is; null when the payment was not by card or Stripe cannot say now.
 */
export async function cardCountryOfPayment(paymentIntent: string): Promise<string | null> {
  try {
    const intent = await stripe().paymentIntents.retrieve(paymentIntent, { expand: ["latest_charge"] });
    const charge = intent.latest_charge;
    const country = typeof charge === "object" ? charge?.payment_method_details?.card?.country : null;
    return country && /^[A-Z]{2}$/.test(country) ? country : null;
  } catch {
    return null;
  }
}
