/** The prefix of a payment reference the Stripe webhook records (`stripe:pi_…`, or `stripe:cs_…`). */
export const STRIPE_REFERENCE_PREFIX = "stripe:";

/** True when the order was paid by card through Stripe, so its money goes back through Stripe. */
export function isStripePayment(paymentReference: string | null) {
  return paymentReference?.startsWith(STRIPE_REFERENCE_PREFIX) ?? false;
}
