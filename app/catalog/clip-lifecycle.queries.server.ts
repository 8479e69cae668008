import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db, type Executor } from "~/platform/db/client.server";
import type { ClipStatus } from "./attributes";
import { niches, posts, subNiches } from "./schema.server";

/** A clip in any state, as its creator and the reviewers see it. */
const lifecycleColumns = {
  id: posts.id,
  title: posts.title,
  description: posts.description,
  creatorId: posts.userId,
  creatorEmail: profiles.email,
  creatorName: profiles.fullName,
  status: posts.status,
  statusReason: posts.statusReason,
  processingProgress: posts.processingProgress,
  duplicateOfId: posts.duplicateOfId,
  thumbnailUrl: posts.thumbnailUrl,
  previewUrl: posts.previewUrl,
  previewSmallUrl: posts.previewSmallUrl,
  storyboardUrl: posts.storyboardUrl,
  videoUrl: posts.videoUrl,
  originalKey: posts.originalKey,
  nicheId: posts.nicheId,
  nicheName: niches.name,
  subNicheId: posts.subNicheId,
  subNicheName: subNiches.name,
  license: posts.license,
  durationSeconds: posts.durationSeconds,
  orientation: posts.orientation,
  colorTone: posts.colorTone,
  mood: posts.mood,
  tags: posts.tags,
  width: posts.width,
  height: posts.height,
  frameRate: posts.frameRate,
  codec: posts.codec,
  bitrate: posts.bitrate,
  fileSizeBytes: posts.fileSizeBytes,
  fingerprint: posts.fingerprint,
  createdAt: posts.createdAt,
};

export type LifecycleClipRow = Awaited<ReturnType<typeof selectLifecycleClip>>;

export async function selectLifecycleClip(executor: Executor, clipId: number) {
  const [row] = await executor
    .select(lifecycleColumns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .innerJoin(niches, eq(niches.id, posts.nicheId))
    .leftJoin(subNiches, eq(subNiches.id, posts.subNicheId))
    .where(eq(posts.id, clipId))
    .limit(1);
  return row;
}

export async function selectCreatorClips(creatorId: string, statuses?: ClipStatus[]) {
  return db()
    .select(lifecycleColumns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .innerJoin(niches, eq(niches.id, posts.nicheId))
    .leftJoin(subNiches, eq(subNiches.id, posts.subNicheId))
    .where(and(eq(posts.userId, creatorId), statuses?.length ? inArray(posts.status, statuses) : undefined))
    .orderBy(desc(posts.createdAt), desc(posts.id));
}

export async function selectClipsByStatus(statuses: ClipStatus[], enteredBefore: Date, limit: number) {
  return db()
    .select(lifecycleColumns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .innerJoin(niches, eq(niches.id, posts.nicheId))
    .leftJoin(subNiches, eq(subNiches.id, posts.subNicheId))
    .where(and(inArray(posts.status, statuses), lt(posts.statusChangedAt, enteredBefore)))
    .orderBy(posts.statusChangedAt, posts.id)
    .limit(limit);
}

export async function countClipsByStatus(creatorId: string) {
  return db()
    .select({ status: posts.status, count: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.userId, creatorId))
    .groupBy(posts.status);
}

export type NewClipRow = typeof posts.$inferInsert;

export async function insertClip(executor: Executor, row: NewClipRow) {
  const [inserted] = await executor.insert(posts).values(row).returning({ id: posts.id });
  return inserted!.id;
}

/**
 * The clip's row locked until the transaction ends, with what a status change needs to know: of
 * two people acting on one clip at once, the second waits and then sees the first one's result.
 */
export async function lockClipForStatusChange(executor: Executor, clipId: number) {
  const [row] = await executor
    .select({
      id: posts.id,
      title: posts.title,
      status: posts.status,
      creatorId: posts.userId,
      creatorEmail: profiles.email,
      creatorName: profiles.fullName,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.id, clipId))
    .for("update", { of: posts });
  return row;
}

/** Writes a new status with its reason and the time it was entered (plus columns that go with it). */
export async function updateClipStatus(
  executor: Executor,
  clipId: number,
  status: ClipStatus,
  statusReason: string | null,
  alongside: Partial<NewClipRow> = {},
) {
  await executor
    .update(posts)
    .set({ ...alongside, status, statusReason, statusChangedAt: sql`now()` })
    .where(eq(posts.id, clipId));
}

export async function updateClipColumns(
  executor: Executor,
  clipId: number,
  values: Partial<NewClipRow>,
  onlyIn?: readonly ClipStatus[],
) {
  const [row] = await executor
    .update(posts)
    .set(values)
    .where(and(eq(posts.id, clipId), onlyIn ? inArray(posts.status, [...onlyIn]) : undefined))
    .returning({ id: posts.id });
  return row !== undefined;
}

export async function deleteClipRow(executor: Executor, clipId: number, creatorId: string) {
  const [row] = await executor
    .delete(posts)
    .where(and(eq(posts.id, clipId), eq(posts.userId, creatorId)))
    .returning({ originalKey: posts.originalKey, previewUrl: posts.previewUrl });
  return row;
}

/**
 * Clips whose sampled frames are, on average, within `maxDistance` bits (Hamming distance of the
 * 64-bit dHashes taken at the same relative positions) of `fingerprint`: a re-encode, a resize
 * or a light colour change of the same footage stays within a few bits.
 */
export async function selectSimilarClips(clipId: number, fingerprint: bigint[], maxDistance: number) {
  const hashes = sql`array[${sql.join(
    fingerprint.map((hash) => sql`${hash.toString()}::bigint`),
    sql`, `,
  )}]::bigint[]`;
  const distance = sql<number>`(
    select avg(bit_count((a # b)::bit(64)))
    from unnest(${posts.fingerprint}, ${hashes}) as pair(a, b)
    where a is not null and b is not null)`;
  return db()
    .select({ id: posts.id, distance })
    .from(posts)
    .where(
      and(
        ne(posts.id, clipId),
        isNotNull(posts.fingerprint),
        sql`cardinality(${posts.fingerprint}) = ${fingerprint.length}`,
        sql`${distance} <= ${maxDistance}`,
      ),
    )
    .orderBy(distance)
    .limit(5);
}

export async function selectSubNicheId(executor: Executor, nicheId: string, name: string) {
  const [row] = await executor
    .select({ id: subNiches.id })
    .from(subNiches)
    .where(and(eq(subNiches.nicheId, nicheId), eq(subNiches.name, name)))
    .limit(1);
  return row?.id;
}

export async function selectNicheExists(executor: Executor, nicheId: string) {
  const [row] = await executor.select({ id: niches.id }).from(niches).where(eq(niches.id, nicheId)).limit(1);
  return row !== undefined;
}

export async function selectFirstNicheId(executor: Executor) {
  const [row] = await executor
    .select({ id: niches.id })
    .from(niches)
    .orderBy(asc(niches.displayOrder))
    .limit(1);
  return row?.id;
}

/** One more download for a clip's popularity, in the licensing transaction. */
export async function incrementClipDownloads(executor: Executor, clipId: number) {
  await executor
    .update(posts)
    .set({ downloadsCount: sql`${posts.downloadsCount} + 1` })
    .where(eq(posts.id, clipId));
}
