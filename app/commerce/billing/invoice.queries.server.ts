import { desc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { creditNoteCounter, creditNotes, invoiceCounter, invoices } from "../schema.server";

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
 * The order's credit note, numbered from its own counter in the caller's transaction (the same
 * approach as invoices: locked until commit, given back by a rollback, so no gaps). It credits the
 * whole order against its invoice.
 */
export async function allocateCreditNote(
  executor: Executor,
  order: { id: string; totalCents: number; paidAt: Date | null },
  issuedAt: Date,
): Promise<CreditNote> {
  const existing = await executor.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
  if (existing[0]) return existing[0];
  const invoice = await allocateInvoice(executor, order.id, order.paidAt ?? issuedAt);
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
      amountCents: order.totalCents,
      issuedAt,
    })
    .returning();
  return note!;
}

export async function findCreditNoteOfOrder(orderId: string): Promise<CreditNote | null> {
  const rows = await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  return rows[0] ?? null;
}
