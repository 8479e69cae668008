import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { licenses } from "./schema.server";

export type License = typeof licenses.$inferSelect;

/** Holds the buyer's downloads in line until the transaction ends: one credit is spent once. */
export async function lockBuyer(executor: Executor, userId: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`licensing:${userId}`}, 0))`);
}

export async function findLicenseOfClip(executor: Executor, userId: string, clipId: number) {
  const rows = await executor
    .select()
    .from(licenses)
    .where(and(eq(licenses.userId, userId), eq(licenses.clipId, clipId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLicense(executor: Executor, license: typeof licenses.$inferInsert) {
  const [row] = await executor.insert(licenses).values(license).returning();
  return row!;
}

export async function findLicense(id: string) {
  const rows = await db().select().from(licenses).where(eq(licenses.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A buyer's licenses, newest first: the Downloads tab. */
export async function listLicensesOfUser(userId: string, limit = 200) {
  return db()
    .select()
    .from(licenses)
    .where(eq(licenses.userId, userId))
    .orderBy(desc(licenses.createdAt))
    .limit(limit);
}
