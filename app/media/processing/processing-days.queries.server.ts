import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import { clipProcessingDays } from "../schema.server";

/** Serialises the bookings of one creator, so two clips cannot both take a day's last room. */
export async function lockCreatorProcessingDays(tx: Executor, creatorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media-processing-days:${creatorId}`}))`);
}

export async function selectProcessingDay(executor: Executor, clipId: number) {
  const [row] = await executor
    .select()
    .from(clipProcessingDays)
    .where(eq(clipProcessingDays.clipId, clipId))
    .limit(1);
  return row;
}

/** Footage booked per day from `from` on, for one creator. */
export function selectBookedFootage(executor: Executor, creatorId: string, from: Date) {
  return executor
    .select({
      day: clipProcessingDays.day,
      footage: sql<number>`sum(${clipProcessingDays.footageSeconds})::int`,
    })
    .from(clipProcessingDays)
    .where(and(eq(clipProcessingDays.creatorId, creatorId), gte(clipProcessingDays.day, from)))
    .groupBy(clipProcessingDays.day);
}

export async function insertProcessingDay(executor: Executor, row: typeof clipProcessingDays.$inferInsert) {
  await executor.insert(clipProcessingDays).values(row).onConflictDoNothing();
}

/** The days booked for clips that start after `after`. */
export function selectProcessingDaysAfter(executor: Executor, clipIds: number[], after: Date) {
  if (clipIds.length === 0) return Promise.resolve([]);
  return executor
    .select({ clipId: clipProcessingDays.clipId, day: clipProcessingDays.day })
    .from(clipProcessingDays)
    .where(and(inArray(clipProcessingDays.clipId, clipIds), sql`${clipProcessingDays.day} > ${after}`));
}
