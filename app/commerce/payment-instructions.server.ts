import { config } from "~/platform/config.server";
import { formatMoney } from "./money";
import type { Order } from "./order.queries.server";
import { shortOrderId } from "./order-id";
import type { PaymentInstructions } from "./payment-instructions";

/**
 * How to pay an order by bank transfer: the same figures on the success page, in the buyer's
 * profile and in the order mail. The reference is the order number buyers see everywhere.
 */
export function paymentInstructionsFor(order: Pick<Order, "id" | "totalCents">): PaymentInstructions {
  const { SELLER_NAME, SELLER_BANK_NAME, SELLER_IBAN, SELLER_BIC } = config();
  return {
    amount: formatMoney(order.totalCents),
    reference: shortOrderId(order.id),
    accountHolder: SELLER_NAME,
    bank: SELLER_BANK_NAME,
    iban: SELLER_IBAN,
    bic: SELLER_BIC,
  };
}

/** An order's bank-transfer details while it waits for a transfer (no card payment on this server). */
export function pendingTransferOf(order: Pick<Order, "id" | "totalCents" | "status">) {
  return order.status === "awaiting_payment" && !config().STRIPE_SECRET_KEY
    ? paymentInstructionsFor(order)
    : null;
}

/** The instructions as lines of a plain-text mail. */
export function paymentInstructionLines(instructions: PaymentInstructions): string[] {
  return [
    `Amount: ${instructions.amount}`,
    `Reference: ${instructions.reference} (please quote it so we can match your payment)`,
    `Account holder: ${instructions.accountHolder}`,
    `Bank: ${instructions.bank}`,
    `IBAN: ${instructions.iban}`,
    `BIC: ${instructions.bic}`,
  ];
}
