import { and, desc, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { isPublished } from "./clip-columns.server";
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

/** A creator's published uploads, newest first (profile Uploads tab). */
export async function listUploads(userId: string): Promise<(ClipSummary & { createdAt: Date })[]> {
  return db()
    .select({ ...summaryColumns, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.userId, userId), isPublished))
    .orderBy(desc(posts.createdAt));
}

/** The clips a user saved, most recently saved first (profile Saved tab). */
export async function listSavedClips(userId: string): Promise<(ClipSummary & { savedAt: Date })[]> {
  return db()
    .select({ ...summaryColumns, savedAt: savedVideos.createdAt })
    .from(savedVideos)
    .innerJoin(posts, eq(posts.id, savedVideos.postId))
    .where(and(eq(savedVideos.userId, userId), isPublished))
    .orderBy(desc(savedVideos.createdAt));
}
