import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { stateRows } from "~/platform/db/state-machine.server";
import { orders, pricingPlans, subscriptions } from "../schema.server";

export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

/** Starts the subscription an order pays its first period of (once: a replay finds it). */
export async function insertSubscriptionOnce(executor: Executor, row: NewSubscription) {
  const [inserted] = await executor
    .insert(subscriptions)
    .values(row)
    .onConflictDoNothing({ target: subscriptions.orderId })
    .returning();
  if (inserted) return inserted;
  const [existing] = await executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, row.orderId));
  return existing!;
}

/** How `moveState` reaches subscriptions: a status changes only through SUBSCRIPTION_TRANSITIONS. */
export const subscriptionRows = stateRows(subscriptions, "subscription");

/** The subscription, locked until the caller's transaction ends (two changes never interleave). */
export async function lockSubscription(executor: Executor, id: string) {
  const rows = await executor.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return rows[0] ?? null;
}

export async function lockSubscriptionByStripeId(executor: Executor, stripeSubscriptionId: string) {
  const rows = await executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for("update");
  return rows[0] ?? null;
}

export async function updateSubscription(
  executor: Executor,
  id: string,
  fields: Partial<Omit<Subscription, "id" | "orderId" | "createdAt">>,
) {
  const [row] = await executor.update(subscriptions).set(fields).where(eq(subscriptions.id, id)).returning();
  return row!;
}

export async function findSubscription(id: string, executor: Executor = db()) {
  const rows = await executor.select().from(subscriptions).where(eq(subscriptions.id, id));
  return rows[0] ?? null;
}

/** The order that paid a subscription's latest period (its entitlement is the one running). */
export async function findLatestPaidOrderOfSubscription(executor: Executor, subscriptionId: string) {
  const rows = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.status, "paid")))
    .orderBy(desc(sql`coalesce(${orders.periodEnd}, ${orders.paidAt})`))
    .limit(1);
  return rows[0] ?? null;
}

/** A subscription's orders still paid that were paid after `at` (renewals Stripe took after deleting it). */
export async function listOrdersOfSubscriptionPaidAfter(
  executor: Executor,
  subscriptionId: string,
  at: Date,
) {
  return executor
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.status, "paid"), gt(orders.paidAt, at)));
}

export async function findOrderByStripeInvoice(executor: Executor, invoiceId: string) {
  const rows = await executor.select().from(orders).where(eq(orders.stripeInvoiceId, invoiceId));
  return rows[0] ?? null;
}

/** The order a card payment (its payment intent) paid. */
export async function findOrderByPaymentReference(reference: string) {
  const rows = await db().select().from(orders).where(eq(orders.paymentReference, reference));
  return rows[0] ?? null;
}

export async function setOrderSyncFields(
  executor: Executor,
  orderId: string,
  fields: { refundedCents?: number; disputeId?: string; disputeStatus?: string; paymentReference?: string },
) {
  const [row] = await executor.update(orders).set(fields).where(eq(orders.id, orderId)).returning();
  return row!;
}

/** A user's subscriptions with their plan title, newest first (ended ones too, for the profile). */
export async function listSubscriptionsOfUser(userId: string) {
  const rows = await db()
    .select({ subscription: subscriptions, planTitle: pricingPlans.title })
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.category, subscriptions.planCategory))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  return rows.map((row) => ({ ...row.subscription, planTitle: row.planTitle }));
}

/** Past-due subscriptions whose grace period is over (the sweep ends them). */
export async function listGraceExpired(now: Date) {
  return db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "past_due"), lte(subscriptions.graceEndsAt, now)));
}

/**
 * Manual subscriptions whose period is over (the team did not renew) and Stripe ones cancelled at
 * period end whose end passed without Stripe's deletion arriving.
 */
export async function listPeriodOver(now: Date) {
  return db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.currentPeriodEnd, now),
        or(eq(subscriptions.provider, "manual"), eq(subscriptions.cancelAtPeriodEnd, true)),
      ),
    );
}

/** Manual subscriptions ending within `until`, not yet reminded for this period. */
export async function listDueForReminder(now: Date, until: Date) {
  return db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "manual"),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        lte(subscriptions.currentPeriodEnd, until),
        sql`${subscriptions.currentPeriodEnd} > ${now.toISOString()}::timestamptz`,
        or(isNull(subscriptions.remindedFor), ne(subscriptions.remindedFor, subscriptions.currentPeriodEnd)),
      ),
    );
}

/** The subscriptions of orders (the staff order page shows the one an order belongs to). */
export async function findSubscriptionOfOrder(orderId: string) {
  const rows = await db()
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.subscriptionId, subscriptions.id))
    .where(eq(orders.id, orderId));
  return rows[0]?.subscription ?? null;
}

/** Guest subscriptions started by orders now claimed by an account follow them to it. */
export async function attachGuestSubscriptions(executor: Executor, orderIds: string[], userId: string) {
  if (orderIds.length === 0) return;
  await executor
    .update(subscriptions)
    .set({ userId })
    .where(and(isNull(subscriptions.userId), inArray(subscriptions.orderId, orderIds)));
}

/** Every subscription with its plan title, for the staff list (the service orders them). */
export async function listAllSubscriptions(limit = 500) {
  const rows = await db()
    .select({ subscription: subscriptions, planTitle: pricingPlans.title })
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.category, subscriptions.planCategory))
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
  return rows.map((row) => ({ ...row.subscription, planTitle: row.planTitle }));
}
