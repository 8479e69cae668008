import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db } from "~/platform/db/client.server";
import type { CatalogClip } from "./catalog-clip";
import { clipColumns, isPublished } from "./clip-columns.server";
import { clips, niches, subNiches } from "./schema.server";

export interface Niche {
  id: string;
  name: string;
  icon: string;
  thumbnailUrl: string;
  subNiches: string[];
}

/** The niches in display order, each with its sub-niche names. */
export async function listNiches(): Promise<Niche[]> {
  const [nicheRows, subRows] = await Promise.all([
    db().select().from(niches).orderBy(asc(niches.displayOrder)),
    db().select().from(subNiches).orderBy(asc(subNiches.displayOrder)),
  ]);
  return nicheRows.map((niche) => ({
    id: niche.id,
    name: niche.name,
    icon: niche.icon,
    thumbnailUrl: niche.thumbnailUrl,
    subNiches: subRows.filter((sub) => sub.nicheId === niche.id).map((sub) => sub.name),
  }));
}

function selectClips() {
  return db()
    .select(clipColumns)
    .from(clips)
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .leftJoin(subNiches, eq(subNiches.id, clips.subNicheId));
}

/** A published clip with its creator, or undefined. */
export async function findClip(id: number): Promise<CatalogClip | undefined> {
  const [clip] = await selectClips()
    .where(and(eq(clips.id, id), isPublished))
    .limit(1);
  return clip;
}

/** The given clips in the given order (missing ids are skipped). */
export async function listClipsByIds(ids: number[]): Promise<CatalogClip[]> {
  if (ids.length === 0) return [];
  const rows = await selectClips().where(and(inArray(clips.id, ids), isPublished));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every clip's id and date, for the sitemap. */
export async function listClipDates(): Promise<{ id: number; createdAt: Date }[]> {
  return db()
    .select({ id: clips.id, createdAt: clips.createdAt })
    .from(clips)
    .where(isPublished)
    .orderBy(desc(clips.createdAt));
}

/** The most saved and downloaded clips, newest first among equals. */
export async function listPopularClips(limit: number): Promise<CatalogClip[]> {
  return selectClips()
    .where(isPublished)
    .orderBy(
      sql`(${clips.savesCount} + ${clips.downloadsCount}) desc`,
      sql`${clips.createdAt} desc nulls last`,
      sql`${clips.id} desc nulls last`,
    )
    .limit(limit);
}

/** What the clip page shows beyond a catalogue card: tags and the file's technical details. */
export interface ClipDetails {
  tags: string[];
  frameRate: number | null;
  fileSizeBytes: number | null;
  codec: string | null;
}

export async function findClipDetails(id: number): Promise<ClipDetails | undefined> {
  const [row] = await db()
    .select({
      tags: clips.tags,
      frameRate: clips.frameRate,
      fileSizeBytes: clips.fileSizeBytes,
      codec: clips.codec,
    })
    .from(clips)
    .where(and(eq(clips.id, id), isPublished))
    .limit(1);
  return row;
}

export const RELATED_CLIPS = 8;

/** The creator's other published clips, newest first. */
export async function listMoreFromCreator(creatorId: string, exceptId: number): Promise<CatalogClip[]> {
  return selectClips()
    .where(and(eq(clips.userId, creatorId), isPublished, sql`${clips.id} <> ${exceptId}`))
    .orderBy(sql`${clips.createdAt} desc nulls last`, sql`${clips.id} desc nulls last`)
    .limit(RELATED_CLIPS);
}

/** How many clips "similar clips" weighs at most: the newest sharing a tag, and the newest of the niche. */
const SIMILAR_CANDIDATES = 400;

/**
 * Clips like this one: three points per shared tag, two for the same niche, one for the same mood;
 * ties go to the closer first fingerprint frame (Hamming distance of the 64-bit dHashes) when both
 * clips have one, then popularity. Candidates are a bounded set (clips sharing a tag through the tag
 * index, and the niche's newest), so the page stays fast on a large catalogue.
 */
export async function listSimilarClips(id: number): Promise<CatalogClip[]> {
  const rows = await db().execute<{ id: number }>(sql`
    with me as (select id, tags, niche_id, mood, fingerprint from clips where id = ${id}),
    candidates as (
      (select p.id from clips p, me where p.tags && me.tags and p.id <> me.id and p.status = 'published'
        order by p.created_at desc nulls last limit ${SIMILAR_CANDIDATES})
      union
      (select p.id from clips p, me where p.niche_id = me.niche_id and p.id <> me.id and p.status = 'published'
        order by p.created_at desc nulls last limit ${SIMILAR_CANDIDATES})
    )
    select p.id from candidates c join clips p on p.id = c.id, me
    order by
      3 * cardinality(array(select unnest(p.tags) intersect select unnest(me.tags)))
        + 2 * (p.niche_id = me.niche_id)::int + (p.mood = me.mood)::int desc,
      case when p.fingerprint[1] is not null and me.fingerprint[1] is not null
        then bit_count(int8send(p.fingerprint[1] # me.fingerprint[1])) else 65 end,
      p.saves_count + p.downloads_count desc, p.id desc
    limit ${RELATED_CLIPS}`);
  return listClipsByIds(rows.rows.map((row) => row.id));
}
