import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import type { OrderStatus } from "./plans";
import { claimPromoUse } from "./promo-admin.queries.server";
import { ordersPending, pricingPlans, promoCodes, promoRedemptions, stripeEvents } from "./schema.server";

export type NewOrder = typeof ordersPending.$inferInsert;
export type Order = typeof ordersPending.$inferSelect;

/** Why a promo code could not be redeemed at the moment the order was placed. */
export class PromoRedemptionRefused extends Error {
  constructor(readonly reason: "unavailable" | "customer_limit") {
    super(`promo redemption refused: ${reason}`);
  }
}

/**
 * Inserts the order unless one with the same idempotency key exists (then null: a concurrent twin
 * won, and ON CONFLICT waited for its commit). With a promo code, its use is counted (under the
 * code's row lock) and the buyer's earlier uses checked in the same transaction, or
 * `PromoRedemptionRefused` is thrown.
 */
export async function insertOrderOnce(
  tx: Executor,
  order: NewOrder,
  promo?: { code: string; customer: string; now: Date },
): Promise<Order | null> {
  const [row] = await tx
    .insert(ordersPending)
    .values(order)
    .onConflictDoNothing({ target: ordersPending.idempotencyKey })
    .returning();
  if (row && promo) await redeemPromo(tx, row.id, promo);
  return row ?? null;
}

export async function findOrderByIdempotencyKey(key: string): Promise<Order | null> {
  const rows = await db().select().from(ordersPending).where(eq(ordersPending.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function findOrderById(id: string, executor: Executor = db()): Promise<Order | null> {
  const rows = await executor.select().from(ordersPending).where(eq(ordersPending.id, id)).limit(1);
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

// ------------------------------------------------------------- order lifecycle
// order-lifecycle.server.ts runs these inside each transition's transaction.

/** The order, locked until the caller's transaction ends, so two status changes never interleave. */
export async function lockOrder(executor: Executor, id: string): Promise<Order | null> {
  const rows = await executor.select().from(ordersPending).where(eq(ordersPending.id, id)).for("update");
  return rows[0] ?? null;
}

/**
 * Moves an order to `to` only from one of `from`: a conditional update, so a concurrent or repeated
 * change finds nothing to do and returns null.
 */
export async function transitionOrder(
  executor: Executor,
  id: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  fields: Partial<
    Pick<
      Order,
      | "paidAt"
      | "paymentReference"
      | "closedAt"
      | "subscriptionId"
      | "periodStart"
      | "periodEnd"
      | "stripeInvoiceId"
    >
  > = {},
): Promise<Order | null> {
  const rows = await executor
    .update(ordersPending)
    .set({ status: to, ...fields })
    .where(and(eq(ordersPending.id, id), inArray(ordersPending.status, [...from])))
    .returning();
  return rows[0] ?? null;
}

export async function setOrderStripeSession(id: string, sessionId: string) {
  await db().update(ordersPending).set({ stripeSessionId: sessionId }).where(eq(ordersPending.id, id));
}

/** A signed-in buyer's orders, newest first, with the plan's title. */
export async function listOrdersOfUser(userId: string) {
  const rows = await db()
    .select({ order: ordersPending, planTitle: pricingPlans.title })
    .from(ordersPending)
    .innerJoin(pricingPlans, eq(pricingPlans.category, ordersPending.planCategory))
    .where(eq(ordersPending.userId, userId))
    .orderBy(desc(ordersPending.createdAt));
  return rows.map((row) => ({ ...row.order, planTitle: row.planTitle }));
}

/**
 * Gives guest orders placed with `email` to the account that has verified that address. Returns the
 * ids of the orders attached now.
 */
export async function attachGuestOrders(executor: Executor, email: string, userId: string) {
  const rows = await executor
    .update(ordersPending)
    .set({ userId })
    .where(and(isNull(ordersPending.userId), sql`lower(${ordersPending.email}) = lower(${email})`))
    .returning({ id: ordersPending.id });
  return rows.map((row) => row.id);
}

async function redeemPromo(
  tx: Executor,
  orderId: string,
  promo: { code: string; customer: string; now: Date },
) {
  const claimed = await claimPromoUse(tx, promo.code, promo.now);
  if (!claimed) throw new PromoRedemptionRefused("unavailable");
  if (claimed.perCustomerLimit !== null) {
    const [used] = await tx
      .select({ value: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.code, promo.code), eq(promoRedemptions.customer, promo.customer)));
    if ((used?.value ?? 0) >= claimed.perCustomerLimit) throw new PromoRedemptionRefused("customer_limit");
  }
  await tx.insert(promoRedemptions).values({ orderId, code: promo.code, customer: promo.customer });
}

/**
 * Gives back the promo use of an order that never went ahead: its redemption (the per-customer
 * limit counts those) and one use of the code. Returns the code, or null when the order used none.
 */
export async function releasePromoUse(tx: Executor, orderId: string) {
  const [released] = await tx
    .delete(promoRedemptions)
    .where(eq(promoRedemptions.orderId, orderId))
    .returning({ code: promoRedemptions.code });
  if (!released) return null;
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`greatest(${promoCodes.usesCount} - 1, 0)` })
    .where(eq(promoCodes.code, released.code));
  return released.code;
}

/** A log of the Stripe events handled (their effect is the order's own conditional change). */
export async function recordStripeEvent(event: { id: string; type: string; orderId: string }) {
  await db().insert(stripeEvents).values(event).onConflictDoNothing();
}

/** The buyer's oldest order still awaiting payment, if any (what a Download press should point to). */
export async function findOrderAwaitingPayment(userId: string): Promise<Order | null> {
  const rows = await db()
    .select()
    .from(ordersPending)
    .where(and(eq(ordersPending.userId, userId), eq(ordersPending.status, "awaiting_payment")))
    .orderBy(ordersPending.createdAt)
    .limit(1);
  return rows[0] ?? null;
}
