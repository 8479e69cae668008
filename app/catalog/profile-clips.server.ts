import { desc, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import type { ClipSummary } from "./clip-summary";
import { posts, savedVideos } from "./schema.server";

const summaryColumns = {
  id: posts.id,
  title: posts.title,
  thumbnailUrl: posts.thumbnailUrl,
  durationSeconds: posts.durationSeconds,
  orientation: posts.orientation,
  license: posts.license,
};

/** A creator's uploads, newest first (profile Uploads tab). */
export async function listUploads(userId: string): Promise<(ClipSummary & { createdAt: Date })[]> {
  return db()
    .select({ ...summaryColumns, createdAt: posts.createdAt })
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.createdAt));
}

/** The clips a user saved, most recently saved first (profile Saved tab). */
export async function listSavedClips(userId: string): Promise<(ClipSummary & { savedAt: Date })[]> {
  return db()
    .select({ ...summaryColumns, savedAt: savedVideos.createdAt })
    .from(savedVideos)
    .innerJoin(posts, eq(posts.id, savedVideos.postId))
    .where(eq(savedVideos.userId, userId))
    .orderBy(desc(savedVideos.createdAt));
}
