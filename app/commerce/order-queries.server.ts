import { eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { ordersPending, pricingPlans } from "./schema.server";

export type NewOrder = typeof ordersPending.$inferInsert;
export type Order = typeof ordersPending.$inferSelect;

/**
 * Inserts the order unless one with the same idempotency key exists, and returns the stored row
 * either way. The insert is a single autocommitted statement, so it is durable before we answer.
 */
export async function insertOrderOnce(order: NewOrder): Promise<{ order: Order; created: boolean }> {
  const inserted = await db()
    .insert(ordersPending)
    .values(order)
    .onConflictDoNothing({ target: ordersPending.idempotencyKey })
    .returning();
  if (inserted[0]) return { order: inserted[0], created: true };
  // A concurrent twin won: ON CONFLICT waited for its commit, so this read sees it.
  const existing = await findOrderByIdempotencyKey(order.idempotencyKey);
  if (!existing) throw new Error("order vanished after an idempotency conflict");
  return { order: existing, created: false };
}

export async function findOrderByIdempotencyKey(key: string): Promise<Order | null> {
  const rows = await db().select().from(ordersPending).where(eq(ordersPending.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function findOrderById(id: string): Promise<Order | null> {
  const rows = await db().select().from(ordersPending).where(eq(ordersPending.id, id)).limit(1);
  return rows[0] ?? null;
}

/** An order with its plan's title, for the success page. */
export async function findOrderWithPlanTitle(id: string) {
  const rows = await db()
    .select({ order: ordersPending, planTitle: pricingPlans.title })
    .from(ordersPending)
    .innerJoin(pricingPlans, eq(pricingPlans.category, ordersPending.planCategory))
    .where(eq(ordersPending.id, id))
    .limit(1);
  return rows[0] ? { ...rows[0].order, planTitle: rows[0].planTitle } : null;
}
