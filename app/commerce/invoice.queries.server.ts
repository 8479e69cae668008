import { desc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { invoiceCounter, invoices } from "./schema.server";

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
