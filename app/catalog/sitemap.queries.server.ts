import { and, asc, gt, gte, lte } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { isPublished } from "./clip-columns.server";
import { posts } from "./schema.server";
import type { SitemapClip } from "./sitemap";

/**
 * The first published id after `after`: one step down the primary key, so the index of a catalogue
 * of a million clips costs one lookup per file it lists, not a scan of every clip.
 */
export async function findNextPublishedId(after: number): Promise<number | undefined> {
  const [row] = await db()
    .select({ id: posts.id })
    .from(posts)
    .where(and(isPublished, gt(posts.id, after)))
    .orderBy(asc(posts.id))
    .limit(1);
  return row?.id;
}

/** Up to `limit` published clips with ids in [first, last] after `after`, by id (a keyset page). */
export async function listSitemapClips(
  range: { first: number; last: number },
  after: number,
  limit: number,
): Promise<SitemapClip[]> {
  return db()
    .select({
      id: posts.id,
      title: posts.title,
      description: posts.description,
      thumbnailUrl: posts.thumbnailUrl,
      previewUrl: posts.previewUrl,
      videoUrl: posts.videoUrl,
      durationSeconds: posts.durationSeconds,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(and(isPublished, gte(posts.id, range.first), lte(posts.id, range.last), gt(posts.id, after)))
    .orderBy(asc(posts.id))
    .limit(limit);
}
