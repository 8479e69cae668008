import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { entitlements } from "./schema.server";

export type Entitlement = typeof entitlements.$inferSelect;
export type NewEntitlement = typeof entitlements.$inferInsert;

/** Grants an order's entitlement once; a second grant for the same order returns the first. */
export async function insertEntitlementOnce(executor: Executor, entitlement: NewEntitlement) {
  const inserted = await executor
    .insert(entitlements)
    .values(entitlement)
    .onConflictDoNothing({ target: entitlements.orderId })
    .returning();
  if (inserted[0]) return inserted[0];
  const rows = await executor
    .select()
    .from(entitlements)
    .where(eq(entitlements.orderId, entitlement.orderId));
  return rows[0]!;
}

/** Ends what is left of an order's entitlement: the unused downloads can no longer be spent. */
export async function revokeEntitlementOfOrder(executor: Executor, orderId: string, at: Date) {
  const rows = await executor
    .update(entitlements)
    .set({ revokedAt: at })
    .where(and(eq(entitlements.orderId, orderId), isNull(entitlements.revokedAt)))
    .returning();
  return rows[0] ?? null;
}

export async function setEntitlementOwnerForOrders(executor: Executor, orderIds: string[], userId: string) {
  if (orderIds.length === 0) return;
  await executor
    .update(entitlements)
    .set({ userId })
    .where(
      and(
        isNull(entitlements.userId),
        sql`${entitlements.orderId} in (${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}

const usable = (userId: string, now: Date) =>
  and(
    eq(entitlements.userId, userId),
    isNull(entitlements.revokedAt),
    isNull(entitlements.suspendedAt),
    lte(entitlements.startsAt, now),
    gt(entitlements.expiresAt, now),
    or(
      eq(entitlements.downloadsTotal, 0),
      sql`${entitlements.downloadsUsed} < ${entitlements.downloadsTotal}`,
    ),
  );

/** The usable entitlement that expires first: the one a download spends. */
export async function findSpendableEntitlement(
  executor: Executor,
  userId: string,
  now: Date,
): Promise<Entitlement | null> {
  const rows = await executor
    .select()
    .from(entitlements)
    .where(usable(userId, now))
    .orderBy(asc(entitlements.expiresAt), asc(entitlements.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Spends one download of the entitlement, only if it is still usable: a conditional update, so a
 * concurrent refund or the last credit spent by another request leaves nothing to take.
 */
export async function spendDownload(executor: Executor, entitlementId: string, userId: string, now: Date) {
  const rows = await executor
    .update(entitlements)
    .set({ downloadsUsed: sql`${entitlements.downloadsUsed} + 1` })
    .where(and(eq(entitlements.id, entitlementId), usable(userId, now)))
    .returning();
  return rows[0] ?? null;
}

/** A user's entitlements still running (not revoked, not expired), soonest expiry first. */
export async function listCurrentEntitlements(userId: string, now = new Date()) {
  return db()
    .select()
    .from(entitlements)
    .where(
      and(eq(entitlements.userId, userId), isNull(entitlements.revokedAt), gt(entitlements.expiresAt, now)),
    )
    .orderBy(asc(entitlements.expiresAt));
}

export async function findEntitlementOfOrder(orderId: string, executor: Executor = db()) {
  const rows = await executor.select().from(entitlements).where(eq(entitlements.orderId, orderId));
  return rows[0] ?? null;
}

// ------------------------------------------------------------- subscriptions and disputes

/** Moves the end of an order's entitlement (a grace period after a failed renewal, or its end). */
export async function setEntitlementEndOfOrder(executor: Executor, orderId: string, expiresAt: Date) {
  const rows = await executor
    .update(entitlements)
    .set({
      expiresAt: sql`greatest(${expiresAt.toISOString()}::timestamptz, ${entitlements.startsAt} + interval '1 second')`,
    })
    .where(and(eq(entitlements.orderId, orderId), isNull(entitlements.revokedAt)))
    .returning();
  return rows[0] ?? null;
}

/** Holds (or releases) an order's unused downloads while its payment is disputed. */
export async function setEntitlementSuspended(executor: Executor, orderId: string, at: Date | null) {
  const rows = await executor
    .update(entitlements)
    .set({ suspendedAt: at })
    .where(and(eq(entitlements.orderId, orderId), isNull(entitlements.revokedAt)))
    .returning();
  return rows[0] ?? null;
}
