import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { savedVideos } from "./schema.server";

/** Saves a clip for a user; saving twice keeps one row. */
export async function savePost(userId: string, postId: number) {
  await db().insert(savedVideos).values({ userId, postId }).onConflictDoNothing();
}

/** Removes a saved clip; removing one that is not saved does nothing. */
export async function unsavePost(userId: string, postId: number) {
  await db()
    .delete(savedVideos)
    .where(and(eq(savedVideos.userId, userId), eq(savedVideos.postId, postId)));
}

export async function isSaved(userId: string, postId: number) {
  const rows = await db()
    .select({ id: savedVideos.id })
    .from(savedVideos)
    .where(and(eq(savedVideos.userId, userId), eq(savedVideos.postId, postId)))
    .limit(1);
  return rows.length > 0;
}
