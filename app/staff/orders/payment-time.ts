import { isStripePayment } from "~/payments/payment-reference";
import { formatDateTime } from "../components/staff-ui";

/**
 * When an order was paid, as far as anyone knows: Stripe reports the moment of a card payment;
 * staff marking a bank transfer paid enter only its day (stored at noon UTC), so that shows the day
 * alone rather than an invented 12:00.
 */
export function paidAtLabel(order: { paidAt: Date | string; paymentReference: string | null }) {
  if (isStripePayment(order.paymentReference)) return formatDateTime(order.paidAt);
  return new Date(order.paidAt).toISOString().slice(0, 10);
}
