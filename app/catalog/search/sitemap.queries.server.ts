import { and, asc, gt, gte, lte } from "drizzle-orm";
import { readDb } from "~/platform/db/client.server";
import { isPublished } from "../clips/clip-columns.queries.server";
import { clips } from "../schema.server";
import type { SitemapClip } from "./sitemap";

/**
 * The first published id after `after`: one step down the primary key, so the index of a catalogue
 * of a million clips costs one lookup per file it lists, not a scan of every clip.
 */
export async function findNextPublishedId(after: number): Promise<number | undefined> {
  const [row] = await readDb()
    .select({ id: clips.id })
    .from(clips)
    .where(and(isPublished, gt(clips.id, after)))
    .orderBy(asc(clips.id))
    .limit(1);
  return row?.id;
}

/** Up to `limit` published clips with ids in [first, last] after `after`, by id (a keyset page). */
export async function listSitemapClips(
  range: { first: number; last: number },
  after: number,
  limit: number,
): Promise<SitemapClip[]> {
  return readDb()
    .select({
      id: clips.id,
      title: clips.title,
      description: clips.description,
      thumbnailUrl: clips.thumbnailUrl,
      previewUrl: clips.previewUrl,
      videoUrl: clips.videoUrl,
      durationSeconds: clips.durationSeconds,
      createdAt: clips.createdAt,
    })
    .from(clips)
    .where(and(isPublished, gte(clips.id, range.first), lte(clips.id, range.last), gt(clips.id, after)))
    .orderBy(asc(clips.id))
    .limit(limit);
}
