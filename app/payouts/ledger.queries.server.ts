import { desc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { royaltyLines } from "./schema.server";

export type RoyaltyLine = typeof royaltyLines.$inferSelect;

export async function insertRoyaltyLine(executor: Executor, line: typeof royaltyLines.$inferInsert) {
  await executor.insert(royaltyLines).values(line).onConflictDoNothing();
}

/** A creator's royalties (reversals included) by calendar month (UTC), newest first. */
export async function earningsByMonth(creatorId: string) {
  const month = sql<string>`to_char(date_trunc('month', ${royaltyLines.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  return db()
    .select({
      month,
      licenses: sql<number>`(count(*) filter (where ${royaltyLines.kind} = 'royalty'))::int`,
      amountCents: sql<number>`sum(${royaltyLines.amountCents})::int`,
    })
    .from(royaltyLines)
    .where(eq(royaltyLines.creatorId, creatorId))
    .groupBy(month)
    .orderBy(desc(month));
}

/** A creator's royalties by clip, highest first; the title is the license's snapshot. */
export async function earningsByClip(creatorId: string) {
  const amount = sql<number>`sum(${royaltyLines.amountCents})::int`;
  return db()
    .select({
      clipId: royaltyLines.clipId,
      title: sql<string>`max(${royaltyLines.clipTitle})`,
      licenses: sql<number>`(count(*) filter (where ${royaltyLines.kind} = 'royalty'))::int`,
      amountCents: amount,
    })
    .from(royaltyLines)
    .where(eq(royaltyLines.creatorId, creatorId))
    .groupBy(royaltyLines.clipId)
    .orderBy(desc(amount));
}
