import { and, desc, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { isPublished } from "../clips/clip-columns.queries.server";
import { withClipsMedia } from "../clips/clip-media.server";
import type { ClipSummary } from "../clips/clip-summary";
import { clips, savedClips } from "../schema.server";

const summaryColumns = {
  id: clips.id,
  title: clips.title,
  thumbnailUrl: clips.thumbnailUrl,
  durationSeconds: clips.durationSeconds,
  orientation: clips.orientation,
  license: clips.license,
};

/** A creator's published uploads, newest first (profile Uploads tab). */
export async function listUploads(userId: string): Promise<(ClipSummary & { createdAt: Date })[]> {
  const rows = await db()
    .select({ ...summaryColumns, createdAt: clips.createdAt })
    .from(clips)
    .where(and(eq(clips.userId, userId), isPublished))
    .orderBy(desc(clips.createdAt));
  return withClipsMedia(rows);
}

/** The clips a user saved, most recently saved first (profile Saved tab). */
export async function listSavedClips(userId: string): Promise<(ClipSummary & { savedAt: Date })[]> {
  const rows = await db()
    .select({ ...summaryColumns, savedAt: savedClips.createdAt })
    .from(savedClips)
    .innerJoin(clips, eq(clips.id, savedClips.clipId))
    .where(and(eq(savedClips.userId, userId), isPublished))
    .orderBy(desc(savedClips.createdAt));
  return withClipsMedia(rows);
}
