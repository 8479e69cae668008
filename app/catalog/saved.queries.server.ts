import { and, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { posts, savedVideos } from "./schema.server";

/**
 * Saving twice keeps one row. The clip's saves_count (a ranking tie-breaker) moves only when a row
 * was really added, in the same transaction, so double clicks cannot inflate it.
 */
export async function insertSavedClip(userId: string, clipId: number) {
  await db().transaction(async (tx) => {
    const added = await tx
      .insert(savedVideos)
      .values({ userId, postId: clipId })
      .onConflictDoNothing()
      .returning({ id: savedVideos.id });
    if (added.length)
      await tx
        .update(posts)
        .set({ savesCount: sql`${posts.savesCount} + 1` })
        .where(eq(posts.id, clipId));
  });
}

/** Removing a clip that is not saved does nothing (and leaves saves_count alone). */
export async function deleteSavedClip(userId: string, clipId: number) {
  await db().transaction(async (tx) => {
    const removed = await tx
      .delete(savedVideos)
      .where(and(eq(savedVideos.userId, userId), eq(savedVideos.postId, clipId)))
      .returning({ id: savedVideos.id });
    if (removed.length)
      await tx
        .update(posts)
        .set({ savesCount: sql`greatest(${posts.savesCount} - 1, 0)` })
        .where(eq(posts.id, clipId));
  });
}

export async function isSaved(userId: string, clipId: number) {
  const rows = await db()
    .select({ id: savedVideos.id })
    .from(savedVideos)
    .where(and(eq(savedVideos.userId, userId), eq(savedVideos.postId, clipId)))
    .limit(1);
  return rows.length > 0;
}
