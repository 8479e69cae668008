import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { licenses } from "./schema.server";

export type License = typeof licenses.$inferSelect;

/** Holds the buyer's downloads in line until the transaction ends: one credit is spent once. */
export async function lockBuyer(executor: Executor, userId: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`licensing:${userId}`}, 0))`);
}

/** The buyer's license of a clip still in force (a revoked one does not count). */
export async function findLicenseOfClip(executor: Executor, userId: string, clipId: number) {
  const rows = await executor
    .select()
    .from(licenses)
    .where(and(eq(licenses.userId, userId), eq(licenses.clipId, clipId), isNull(licenses.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Ends the licenses made under an order whose money went back; answers how many ended. */
export async function revokeLicensesOfOrder(executor: Executor, orderId: string, at: Date) {
  const rows = await executor
    .update(licenses)
    .set({ revokedAt: at })
    .where(and(eq(licenses.orderId, orderId), isNull(licenses.revokedAt)))
    .returning({ id: licenses.id });
  return rows.length;
}

export async function insertLicense(executor: Executor, license: typeof licenses.$inferInsert) {
  const [row] = await executor.insert(licenses).values(license).returning();
  return row!;
}

export async function findLicense(id: string) {
  const rows = await db().select().from(licenses).where(eq(licenses.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A buyer's licenses in force, newest first: the Downloads tab. */
export async function listLicensesOfUser(userId: string, limit = 200) {
  return db()
    .select()
    .from(licenses)
    .where(and(eq(licenses.userId, userId), isNull(licenses.revokedAt)))
    .orderBy(desc(licenses.createdAt))
    .limit(limit);
}

/** The buyer's live licenses made with one order (a revoked one has no certificate). */
export async function listLicensesOfOrder(userId: string, orderId: string) {
  return db()
    .select({ id: licenses.id, clipTitle: licenses.clipTitle })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), eq(licenses.orderId, orderId), isNull(licenses.revokedAt)))
    .orderBy(desc(licenses.createdAt));
}
