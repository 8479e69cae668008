import { BASE_CURRENCY, type Currency, type EurRate, toEuroCents } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { plainRate } from "../billing/exchange-line";
import { shortOrderId } from "../orders/order-id";

/** Bank-transfer details for one order, as the buyer reads them (pure: safe for the browser). */
export interface PaymentInstructions {
  amount: string;
  reference: string;
  accountHolder: string;
  bank: string;
  iban: string;
  bic: string;
  /**
   * For an order in another currency: the account takes euros only, so the amount is the order's
   * euro value at its stored rate, and this says so (decision 0026, "Bank transfer").
   */
  currencyNote: string | null;
}

export const PAYMENT_INSTRUCTION_ROWS: {
  label: string;
  key: Exclude<keyof PaymentInstructions, "currencyNote">;
}[] = [
  { label: "Amount", key: "amount" },
  { label: "Reference", key: "reference" },
  { label: "Account holder", key: "accountHolder" },
  { label: "Bank", key: "bank" },
  { label: "IBAN", key: "iban" },
  { label: "BIC", key: "bic" },
];

/** The rows' labels in the reader's language, as the pages, the pro-forma and the mails name them. */
export const PAYMENT_ROW_KEYS: Record<(typeof PAYMENT_INSTRUCTION_ROWS)[number]["key"], string> = {
  amount: "commerce.payment.amount",
  reference: "commerce.payment.reference",
  accountHolder: "commerce.payment.accountHolder",
  bank: "commerce.payment.bank",
  iban: "commerce.payment.iban",
  bic: "commerce.payment.bic",
};

/** The seller's account and whether cards are taken: what the instructions need of the settings. */
export interface PaymentSettings {
  SELLER_NAME: string;
  SELLER_BANK_NAME: string;
  SELLER_IBAN: string;
  SELLER_BIC: string;
  STRIPE_SECRET_KEY?: string | undefined;
}

interface PayableOrder {
  id: string;
  totalCents: number;
  currency?: Currency;
  eurRate?: EurRate;
}

/**
 * How to pay an order by bank transfer: the same figures on the success page, in the buyer's
 * profile and in the order mail. The reference is the order number buyers see everywhere.
 */
export function paymentInstructionsFor(order: PayableOrder, settings: PaymentSettings): PaymentInstructions {
  return {
    amount: formatMoney(euroCentsOf(order)),
    reference: shortOrderId(order.id),
    accountHolder: settings.SELLER_NAME,
    bank: settings.SELLER_BANK_NAME,
    iban: settings.SELLER_IBAN,
    bic: settings.SELLER_BIC,
    currencyNote: currencyNoteOf(order),
  };
}

/** What a transfer to the euro account must carry: the order's total, or its euro value at its rate. */
export function euroCentsOf(order: PayableOrder): number {
  const currency = order.currency ?? BASE_CURRENCY;
  return toEuroCents(order.totalCents, currency, order.eurRate ?? "1");
}

function currencyNoteOf(order: PayableOrder): string | null {
  const currency = order.currency ?? BASE_CURRENCY;
  if (currency === BASE_CURRENCY) return null;
  return (
    `Your order is ${formatMoney(order.totalCents, undefined, currency)}. Our account takes euros: please ` +
    `transfer ${formatMoney(euroCentsOf(order))}, its value at the order's exchange rate (1 EUR = ` +
    `${plainRate(order.eurRate ?? "1")} ${currency}), or pay by card in ${currency}.`
  );
}

/** An order's bank-transfer details while it waits for a transfer (no card payment on this server). */
export function pendingTransferOf(order: PayableOrder & { status: string }, settings: PaymentSettings) {
  return order.status === "awaiting_payment" && !settings.STRIPE_SECRET_KEY
    ? paymentInstructionsFor(order, settings)
    : null;
}

/**
 * The day an order awaiting a transfer is payable by: the expiry job cancels an unpaid order
 * ORDER_EXPIRY_DAYS after it was placed (commerce/jobs.server.ts).
 */
export function payableByOf(order: { createdAt: Date }, expiryDays: number): Date {
  return new Date(order.createdAt.getTime() + expiryDays * 24 * 3600 * 1000);
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
    ...(instructions.currencyNote ? [instructions.currencyNote] : []),
  ];
}
