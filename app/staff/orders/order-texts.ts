import { STRIPE_REFERENCE_PREFIX } from "~/payments/payment-reference";

/** What the staff order page says: its fields' rules and each refusal (app/staff/routes/order.tsx). */
export const PAYMENT_REFERENCE_MAX = 120;
export const ORDER_TEXTS = {
  reference: `Enter the payment reference (1 to ${PAYMENT_REFERENCE_MAX} characters), e.g. the bank transfer id.`,
  paidAt: "Enter the date the payment arrived (not in the future).",
  invalidTransition: "That change is not allowed from the order's current status.",
  referencePrefix: `A reference typed here cannot start with "${STRIPE_REFERENCE_PREFIX}": that marks card payments.`,
  refundRefused:
    "Stripe refused to refund the card, so the order stays paid and nothing changed. Look at the payment in the Stripe dashboard.",
  refundUnavailable:
    "Stripe could not be reached, so the card was not refunded and the order stays paid. Try again in a moment.",
  refundUnconfigured:
    "This order was paid by card, but Stripe is not configured on this server: the card cannot be refunded, so the order stays paid.",
  refundNotRecorded:
    "Stripe refunded the card, but the order could not be updated. Submit again to record it; the card is not refunded twice.",
  alreadyRenewed: "This subscription was renewed meanwhile; nothing changed. Check its new period below.",
  notManual: "This subscription renews through Stripe; it cannot be renewed by hand.",
} as const;
