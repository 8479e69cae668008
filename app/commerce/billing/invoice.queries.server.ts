import { asc, desc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { creditNoteCounter, creditNotes, invoiceCounter, invoices } from "../schema.server";
import { creditNoteVat } from "./credit-notes";

export type Invoice = typeof invoices.$inferSelect;

/**
 * The next invoice number, in the caller's transaction: the counter row stays locked until it
 * commits, and a rollback gives the number back, so the sequence has no gaps.
 */
export async function allocateInvoice(executor: Executor, orderId: string, issuedAt: Date) {
  const existing = await executor.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (existing[0]) return existing[0];
  const [counter] = await executor
    .update(invoiceCounter)
    .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ number: invoiceCounter.lastNumber });
  if (!counter) throw new Error("invoice_counter has no row (migration not applied?)");
  const [invoice] = await executor
    .insert(invoices)
    .values({ number: counter.number, orderId, issuedAt })
    .returning();
  return invoice!;
}

export async function findInvoiceOfOrder(orderId: string): Promise<Invoice | null> {
  const rows = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
  return rows[0] ?? null;
}

export async function listInvoiceNumbers() {
  return db().select().from(invoices).orderBy(desc(invoices.number));
}

export type CreditNote = typeof creditNotes.$inferSelect;

/**
 * One refund's credit note, numbered from its own counter in the caller's transaction (the same
 * approach as invoices: locked until commit, given back by a rollback, so no gaps). It credits
 * `amountCents` of the order against its invoice, with the VAT in it (credit-notes.ts). The caller
 * holds the order's lock and makes one per refund.
 */
export async function allocateCreditNote(
  executor: Executor,
  order: { id: string; totalCents: number; vatAmountCents: number; paidAt: Date | null },
  amountCents: number,
  issuedAt: Date,
  /** Why the money went back, as the team wrote it (a part refund from the console). */
  reason: string | null = null,
  /** The VAT in the note when it is not in proportion: a note that credits only the VAT (vat-corrections.server.ts). */
  vatCents?: number,
): Promise<CreditNote> {
  const invoice = await allocateInvoice(executor, order.id, order.paidAt ?? issuedAt);
  const [credited] = await executor
    .select({
      amountCents: sql<number>`coalesce(sum(${creditNotes.amountCents}), 0)::int`,
      vatCents: sql<number>`coalesce(sum(${creditNotes.vatCents}), 0)::int`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, order.id));
  const [counter] = await executor
    .update(creditNoteCounter)
    .set({ lastNumber: sql`${creditNoteCounter.lastNumber} + 1` })
    .where(eq(creditNoteCounter.id, 1))
    .returning({ number: creditNoteCounter.lastNumber });
  if (!counter) throw new Error("credit_note_counter has no row (migration not applied?)");
  const [note] = await executor
    .insert(creditNotes)
    .values({
      number: counter.number,
      orderId: order.id,
      invoiceNumber: invoice.number,
      amountCents,
      vatCents: vatCents ?? creditNoteVat(order, amountCents, credited ?? { amountCents: 0, vatCents: 0 }),
      reason,
      issuedAt,
    })
    .returning();
  return note!;
}

/** An order's credit notes, oldest first (one per refund). */
export async function listCreditNotesOfOrder(orderId: string): Promise<CreditNote[]> {
  return db()
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.number));
}
