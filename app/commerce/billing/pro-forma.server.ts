import { config } from "~/platform/config.server";
import type { Locale } from "~/platform/i18n/locales";
import { paymentInLanguage } from "../checkout/payment-in-language";
import {
  PAYMENT_INSTRUCTION_ROWS,
  PAYMENT_ROW_KEYS,
  payableByOf,
  pendingTransferOf,
} from "../checkout/payment-instructions";
import { invoicePath } from "../orders/order-id";
import { findOrderWithPlanTitle } from "../orders/orders.server";
import { billingDocumentOf } from "./billing-document.server";
import { documentI18n, renderProForma } from "./invoice-pdf.server";

/** What `/orders/:id/pro-forma.pdf` answers: the PDF, the way to the real invoice, or not found. */
export type ProFormaAnswer = { kind: "pdf"; pdf: Buffer } | { kind: "invoice"; url: string } | null;

/**
 * The pro-forma invoice of the buyer's own order while it waits for a bank transfer, in `language`
 * (the reader's). An order already paid has its invoice instead, so the answer points there; anyone
 * else's order, one closed unpaid, or one paid by card (no transfer to instruct) is not found.
 * Nothing is numbered: invoice numbers stay gap-free and only for paid orders.
 */
export async function proFormaFor(
  userId: string,
  orderId: string,
  language: Locale = "en",
  now = new Date(),
): Promise<ProFormaAnswer> {
  const order = await findOrderWithPlanTitle(orderId);
  if (!order || order.userId !== userId) return null;
  if (order.paidAt) return { kind: "invoice", url: invoicePath(order.id) };
  const settings = config();
  const i18n = documentI18n(language);
  const instructions = paymentInLanguage(pendingTransferOf(order, settings), order, i18n);
  if (!instructions) return null;
  const pdf = await renderProForma({
    ...billingDocumentOf(order, language),
    issuedAt: now,
    payment: PAYMENT_INSTRUCTION_ROWS.map(({ key }) => ({
      label: i18n.t(PAYMENT_ROW_KEYS[key]),
      value: instructions[key],
    })),
    payableBy: payableByOf(order, settings.ORDER_EXPIRY_DAYS),
  });
  return { kind: "pdf", pdf };
}
