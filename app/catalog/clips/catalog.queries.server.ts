import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { type Database, db, preparedQuery, type ReadFrom, readDb } from "~/platform/db/client.server";
import { clips, niches, savedClips, subNiches } from "../schema.server";
import type { CatalogClip } from "./catalog-clip";
import { clipColumns, isPublished } from "./clip-columns.queries.server";
import { withClipMedia, withClipsMedia } from "./clip-media.server";

export interface Niche {
  id: string;
  name: string;
  icon: string;
  thumbnailUrl: string;
  subNiches: string[];
}

/*
 * The catalogue's public reads go to the read replica when there is one (readDb, docs/deploy.md "A
 * read replica"); findClip, which checks a clip before a write, and the viewer's own saved state
 * stay on the primary. Their media URLs reach pages as publicMediaUrls (clip-media.server.ts).
 */

const buildNichesQuery = (database: Database) =>
  database
    .select({
      id: niches.id,
      name: niches.name,
      icon: niches.icon,
      thumbnailUrl: niches.thumbnailUrl,
      subNiches: sql<
        string[]
      >`coalesce(array_agg(${subNiches.name} order by ${subNiches.displayOrder}) filter (where ${subNiches.id} is not null), '{}')`,
    })
    .from(niches)
    .leftJoin(subNiches, eq(subNiches.nicheId, niches.id))
    .groupBy(niches.id)
    .orderBy(asc(niches.displayOrder))
    .prepare("niches_with_sub_niches");
const nichesQuery = {
  primary: preparedQuery(buildNichesQuery),
  replica: preparedQuery(buildNichesQuery, readDb),
};

/** The niches in display order, each with its sub-niche names (in theirs), in one query. */
export async function listNiches(from: ReadFrom): Promise<Niche[]> {
  return withClipsMedia(await nichesQuery[from]().execute());
}

function selectClips(database: Database) {
  return database
    .select(clipColumns)
    .from(clips)
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .leftJoin(subNiches, eq(subNiches.id, clips.subNicheId));
}

/** A published clip with its creator, or undefined. */
export async function findClip(id: number): Promise<CatalogClip | undefined> {
  const [clip] = await selectClips(db())
    .where(and(eq(clips.id, id), isPublished))
    .limit(1);
  return clip;
}

/** How many clips the catalogue shows: the number the home page states. */
export async function countPublishedClips(): Promise<number> {
  const [row] = await readDb().select({ count: sql<number>`count(*)::int` }).from(clips).where(isPublished);
  return row?.count ?? 0;
}

/** A clip as the home page's rows and showcase play it. */
export interface HomeClip {
  id: number;
  title: string;
  thumbnailUrl: string;
  videoUrl: string;
}

/**
 * The home page in one round trip: the given published clips in the given order (missing ids are
 * skipped) and how many clips the catalogue shows, the number the page states.
 */
export async function listHomeClips(ids: number[]): Promise<{ clips: HomeClip[]; publishedCount: number }> {
  const rows = await readDb()
    .select({
      id: clips.id,
      title: clips.title,
      thumbnailUrl: clips.thumbnailUrl,
      videoUrl: clips.videoUrl,
      publishedCount: sql<number>`(select count(*)::int from ${clips} where ${isPublished})`,
    })
    .from(clips)
    .where(and(inArray(clips.id, ids), isPublished));
  const publishedCount = rows[0]?.publishedCount ?? (await countPublishedClips());
  const clipsOnly = rows.map(({ publishedCount: _, ...clip }) => clip);
  return { clips: withClipsMedia(inOrderOf(ids, clipsOnly)), publishedCount };
}

const buildClipsByIdsQuery = (database: Database) =>
  selectClips(database)
    .where(and(sql`${clips.id} = any(${sql.placeholder("ids")})`, isPublished))
    .prepare("clips_by_ids");
const clipsByIdsQuery = {
  primary: preparedQuery(buildClipsByIdsQuery),
  replica: preparedQuery(buildClipsByIdsQuery, readDb),
};

/** The given published clips in the given order (missing ids are skipped). */
export async function listClipsByIds(ids: number[], from: ReadFrom): Promise<CatalogClip[]> {
  if (ids.length === 0) return [];
  return withClipsMedia(inOrderOf(ids, await clipsByIdsQuery[from]().execute({ ids })));
}

/** Rows put in the order of `ids` (SQL's `in` keeps none); an id without a row is skipped. */
function inOrderOf<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The most saved and downloaded clips, newest first among equals. */
export async function listPopularClips(limit: number): Promise<CatalogClip[]> {
  const rows = await selectClips(readDb())
    .where(isPublished)
    .orderBy(
      sql`(${clips.savesCount} + ${clips.downloadsCount}) desc`,
      sql`${clips.createdAt} desc nulls last`,
      sql`${clips.id} desc nulls last`,
    )
    .limit(limit);
  return withClipsMedia(rows);
}

/** What the clip page shows beyond a catalogue card: tags and the file's technical details. */
export interface ClipDetails {
  tags: string[];
  frameRate: number | null;
  fileSizeBytes: number | null;
  codec: string | null;
  /** What the analysis saw: the page links to more clips like it. */
  cameraMotion: string | null;
  colourNames: string[];
}

/**
 * The clip page's public part in one round trip: the published clip as a catalogue card and what the
 * page shows beyond it.
 */
const buildClipPageQuery = (database: Database) =>
  database
    .select({
      clip: clipColumns,
      details: {
        tags: clips.tags,
        frameRate: clips.frameRate,
        fileSizeBytes: clips.fileSizeBytes,
        codec: clips.codec,
        cameraMotion: clips.cameraMotion,
        colourNames: clips.colourNames,
      },
    })
    .from(clips)
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .leftJoin(subNiches, eq(subNiches.id, clips.subNicheId))
    .where(and(eq(clips.id, sql.placeholder("id")), isPublished))
    .limit(1)
    .prepare("clip_page");
const clipPageQuery = {
  primary: preparedQuery(buildClipPageQuery),
  replica: preparedQuery(buildClipPageQuery, readDb),
};

/** Whether the viewer saved the clip: their own write, so on the primary. */
const savedByViewerQuery = preparedQuery((database) =>
  database
    .select({ saved: sql<boolean>`true` })
    .from(savedClips)
    .where(
      and(eq(savedClips.userId, sql.placeholder("viewerId")), eq(savedClips.clipId, sql.placeholder("id"))),
    )
    .limit(1)
    .prepare("clip_saved_by_viewer"),
);

/**
 * The clip page: its public part from the replica (from the primary when the replica does not
 * have it yet, a clip published a moment ago), and whether the viewer (when signed in) saved it.
 */
export async function findClipPage(
  id: number,
  viewerId: string | null,
): Promise<{ clip: CatalogClip; details: ClipDetails; saved: boolean } | undefined> {
  const [[page], saved] = await Promise.all([
    clipPageQuery.replica().execute({ id }),
    viewerId ? savedByViewerQuery().execute({ id, viewerId }) : [],
  ]);
  const found = page ?? (readDb() === db() ? undefined : (await clipPageQuery.primary().execute({ id }))[0]);
  return found && { ...found, clip: withClipMedia(found.clip), saved: saved.length > 0 };
}

export const RELATED_CLIPS = 8;

/** The creator's other published clips, newest first. */
const moreFromCreatorQuery = preparedQuery(
  (database) =>
    selectClips(database)
      .where(
        and(
          eq(clips.userId, sql.placeholder("creatorId")),
          isPublished,
          sql`${clips.id} <> ${sql.placeholder("exceptId")}`,
        ),
      )
      .orderBy(sql`${clips.createdAt} desc nulls last`, sql`${clips.id} desc nulls last`)
      .limit(RELATED_CLIPS)
      .prepare("more_from_creator"),
  readDb,
);

export async function listMoreFromCreator(creatorId: string, exceptId: number): Promise<CatalogClip[]> {
  return withClipsMedia(await moreFromCreatorQuery().execute({ creatorId, exceptId }));
}

/** How many clips "similar clips" weighs at most: the newest sharing a tag, and the newest of the niche. */
const SIMILAR_CANDIDATES = 400;

/**
 * Clips like this one: three points per shared tag, two for the same niche, one for the same mood,
 * and what the analysis saw: one per shared dominant colour, one for the same camera move, one per
 * common object both show. Ties go
 * to the closer first fingerprint frame (Hamming distance of the 64-bit dHashes) when both clips
 * have one, then popularity. Candidates are a bounded set (clips sharing a tag through the tag
 * index, and the niche's newest), so the page stays fast on a large catalogue.
 */
const similarQuery = preparedQuery((database) => {
  // Ranked and read with the cards' columns in one round trip.
  const ranked = sql`(
    with me as (
      select id, tags, niche_id, mood, fingerprint, colour_names, camera_motion, object_names
      from clips where id = ${sql.placeholder("id")}
    ),
    candidates as (
      (select p.id from clips p, me where p.tags && me.tags and p.id <> me.id and p.status = 'published'
        order by p.created_at desc nulls last limit ${SIMILAR_CANDIDATES})
      union
      (select p.id from clips p, me where p.niche_id = me.niche_id and p.id <> me.id and p.status = 'published'
        order by p.created_at desc nulls last limit ${SIMILAR_CANDIDATES})
    )
    select p.id, row_number() over (order by
      3 * cardinality(array(select unnest(p.tags) intersect select unnest(me.tags)))
        + 2 * (p.niche_id = me.niche_id)::int + (p.mood = me.mood)::int
        + cardinality(array(select unnest(p.colour_names) intersect select unnest(me.colour_names)))
        + coalesce((p.camera_motion = me.camera_motion)::int, 0)
        + cardinality(array(select unnest(p.object_names) intersect select unnest(me.object_names))) desc,
      case when p.fingerprint[1] is not null and me.fingerprint[1] is not null
        then bit_count(int8send(p.fingerprint[1] # me.fingerprint[1])) else 65 end,
      p.saves_count + p.downloads_count desc, p.id desc) as rank
    from candidates c join clips p on p.id = c.id, me
    order by rank
    limit ${RELATED_CLIPS}
  ) ranked`;
  return selectClips(database)
    .innerJoin(ranked, sql`ranked.id = ${clips.id}`)
    .where(isPublished)
    .orderBy(sql`ranked.rank`)
    .prepare("similar_clips");
}, readDb);

export async function listSimilarClips(id: number): Promise<CatalogClip[]> {
  return withClipsMedia(await similarQuery().execute({ id }));
}
