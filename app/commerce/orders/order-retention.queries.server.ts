import { and, eq, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import { creditNotes, invoices, orders, promoCodes, promoRedemptions } from "../schema.server";
import { NEVER_PAID_STATUSES } from "./order-machine";

/**
 * Orders placed before `placedBefore` that were never paid: still awaiting payment, or cancelled
 * (by staff or by the expiry job) before any payment. A paid order has `paid_at` and an invoice,
 * and is kept whatever happened to it later (refunded, cancelled with a credit note). Locked, so
 * two retention runs do not delete the same rows; rows locked elsewhere wait for the next run.
 */
export async function lockNeverPaidOrders(tx: Executor, placedBefore: Date, limit: number) {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...NEVER_PAID_STATUSES]),
        isNull(orders.paidAt),
        lt(orders.createdAt, placedBefore),
        notExists(tx.select({ one: sql`1` }).from(invoices).where(eq(invoices.orderId, orders.id))),
        notExists(tx.select({ one: sql`1` }).from(creditNotes).where(eq(creditNotes.orderId, orders.id))),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows.map((row) => row.id);
}

/**
 * Deletes the orders and their promo code uses; a use still counted (an order deleted while
 * awaiting payment) is given back to its code, as a cancel would. Returns how many orders went.
 */
export async function deleteOrdersWithPromoUses(tx: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return 0;
  const released = await tx
    .delete(promoRedemptions)
    .where(inArray(promoRedemptions.orderId, orderIds))
    .returning({ code: promoRedemptions.code });
  const perCode = new Map<string, number>();
  for (const { code } of released) perCode.set(code, (perCode.get(code) ?? 0) + 1);
  for (const [code, uses] of perCode)
    await tx
      .update(promoCodes)
      .set({ usesCount: sql`greatest(${promoCodes.usesCount} - ${uses}, 0)` })
      .where(eq(promoCodes.code, code));
  const deleted = await tx.delete(orders).where(inArray(orders.id, orderIds)).returning({ id: orders.id });
  return deleted.length;
}
