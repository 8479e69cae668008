import { and, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { clips, savedClips } from "../schema.server";

/**
 * Saving twice keeps one row. The clip's saves_count (a ranking tie-breaker) moves only when a row
 * was really added, in the same transaction, so double clicks cannot inflate it.
 */
export async function insertSavedClip(userId: string, clipId: number) {
  await db().transaction(async (tx) => {
    const added = await tx
      .insert(savedClips)
      .values({ userId, clipId: clipId })
      .onConflictDoNothing()
      .returning({ id: savedClips.id });
    if (added.length)
      await tx
        .update(clips)
        .set({ savesCount: sql`${clips.savesCount} + 1` })
        .where(eq(clips.id, clipId));
  });
}

/** Removing a clip that is not saved does nothing (and leaves saves_count alone). */
export async function deleteSavedClip(userId: string, clipId: number) {
  await db().transaction(async (tx) => {
    const removed = await tx
      .delete(savedClips)
      .where(and(eq(savedClips.userId, userId), eq(savedClips.clipId, clipId)))
      .returning({ id: savedClips.id });
    if (removed.length)
      await tx
        .update(clips)
        .set({ savesCount: sql`greatest(${clips.savesCount} - 1, 0)` })
        .where(eq(clips.id, clipId));
  });
}

export async function isSaved(userId: string, clipId: number) {
  const rows = await db()
    .select({ id: savedClips.id })
    .from(savedClips)
    .where(and(eq(savedClips.userId, userId), eq(savedClips.clipId, clipId)))
    .limit(1);
  return rows.length > 0;
}
