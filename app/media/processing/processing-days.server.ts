import { db } from "~/platform/db/client.server";
import { dayOf, firstDayWithRoom, waitingMessage } from "./processing-budget";
import {
  insertProcessingDay,
  lockCreatorProcessingDays,
  selectBookedFootage,
  selectProcessingDay,
  selectProcessingDaysAfter,
} from "./processing-days.queries.server";

/**
 * Books the day a clip renders on, within its creator's daily allowance: today when there is room,
 * else the first later day with room. A clip booked before (a retried step) keeps its day.
 * Returns when the render may start: now, or midnight UTC of the booked day.
 */
export async function bookProcessingDay(clip: { id: number; creatorId: string }, footage: number) {
  const now = new Date();
  const day = await db().transaction(async (tx) => {
    await lockCreatorProcessingDays(tx, clip.creatorId);
    const booked = await selectProcessingDay(tx, clip.id);
    if (booked) return booked.day;
    const today = dayOf(now);
    const rows = await selectBookedFootage(tx, clip.creatorId, today);
    const chosen = firstDayWithRoom(
      today,
      footage,
      new Map(rows.map((row) => [row.day.getTime(), row.footage])),
    );
    await insertProcessingDay(tx, {
      clipId: clip.id,
      creatorId: clip.creatorId,
      day: chosen,
      footageSeconds: footage,
    });
    return chosen;
  });
  return day > now ? day : now;
}

/** For each clip among `clipIds` that waits for a later day, the sentence its creator reads. */
export async function processingWaits(clipIds: number[]) {
  const now = new Date();
  const rows = await selectProcessingDaysAfter(db(), clipIds, now);
  return new Map(rows.map((row) => [row.clipId, waitingMessage(row.day)]));
}

/** True when the clip waits for a day that began less than `hours` ago (or has not begun). */
export async function waitsForProcessingDay(clipId: number, hours: number) {
  const row = await selectProcessingDay(db(), clipId);
  return row !== undefined && row.day.getTime() > Date.now() - hours * 3_600_000;
}
