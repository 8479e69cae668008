import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { savedVideos } from "./schema.server";

/** Saving twice keeps one row. */
export async function insertSavedClip(userId: string, clipId: number) {
  await db().insert(savedVideos).values({ userId, postId: clipId }).onConflictDoNothing();
}

/** Removing a clip that is not saved does nothing. */
export async function deleteSavedClip(userId: string, clipId: number) {
  await db()
    .delete(savedVideos)
    .where(and(eq(savedVideos.userId, userId), eq(savedVideos.postId, clipId)));
}

export async function isSaved(userId: string, clipId: number) {
  const rows = await db()
    .select({ id: savedVideos.id })
    .from(savedVideos)
    .where(and(eq(savedVideos.userId, userId), eq(savedVideos.postId, clipId)))
    .limit(1);
  return rows.length > 0;
}
