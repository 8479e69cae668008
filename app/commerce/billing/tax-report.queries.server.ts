import { and, eq, gte, lt } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { creditNotes, invoices, orders } from "../schema.server";
import type { TaxDocument } from "./tax-report";

/** What the tax report reads of an order: where and how it was taxed, in which currency at what rate. */
const taxOfOrder = {
  country: orders.country,
  taxReason: orders.taxReason,
  vatRateBps: orders.vatRateBps,
  currency: orders.currency,
  eurRate: orders.eurRate,
};

/**
 * The invoices and credit notes issued in [start, end), each with its order's tax and currency. An
 * invoice counts its order's total (after any promo) and VAT; a credit note its own amount and VAT.
 */
export async function listTaxDocuments(start: Date, end: Date): Promise<TaxDocument[]> {
  const [invoiced, credited] = await Promise.all([
    db()
      .select({ ...taxOfOrder, grossCents: orders.totalCents, taxCents: orders.vatAmountCents })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end))),
    db()
      .select({ ...taxOfOrder, grossCents: creditNotes.amountCents, taxCents: creditNotes.vatCents })
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end))),
  ]);
  return [
    ...invoiced.map((row) => ({ ...row, kind: "invoice" as const })),
    ...credited.map((row) => ({ ...row, kind: "credit_note" as const })),
  ];
}
