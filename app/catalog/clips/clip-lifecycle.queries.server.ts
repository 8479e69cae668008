import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db, type Executor } from "~/platform/db/client.server";
import { clips, niches, subNiches } from "../schema.server";
import type { ClipStatus } from "./attributes";

/** A clip in any state, as its creator and the reviewers see it. */
const lifecycleColumns = {
  id: clips.id,
  title: clips.title,
  description: clips.description,
  creatorId: clips.userId,
  creatorEmail: profiles.email,
  creatorName: profiles.fullName,
  status: clips.status,
  statusReason: clips.statusReason,
  processingProgress: clips.processingProgress,
  duplicateOfId: clips.duplicateOfId,
  thumbnailUrl: clips.thumbnailUrl,
  previewUrl: clips.previewUrl,
  previewSmallUrl: clips.previewSmallUrl,
  storyboardUrl: clips.storyboardUrl,
  videoUrl: clips.videoUrl,
  originalKey: clips.originalKey,
  nicheId: clips.nicheId,
  nicheName: niches.name,
  subNicheId: clips.subNicheId,
  subNicheName: subNiches.name,
  license: clips.license,
  durationSeconds: clips.durationSeconds,
  orientation: clips.orientation,
  colorTone: clips.colorTone,
  mood: clips.mood,
  tags: clips.tags,
  width: clips.width,
  height: clips.height,
  frameRate: clips.frameRate,
  codec: clips.codec,
  bitrate: clips.bitrate,
  fileSizeBytes: clips.fileSizeBytes,
  fingerprint: clips.fingerprint,
  peopleCount: clips.peopleCount,
  peopleReleased: clips.peopleReleased,
  createdAt: clips.createdAt,
};

export type LifecycleClipRow = Awaited<ReturnType<typeof selectLifecycleClip>>;

export async function selectLifecycleClip(executor: Executor, clipId: number) {
  const [row] = await executor
    .select(lifecycleColumns)
    .from(clips)
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .leftJoin(subNiches, eq(subNiches.id, clips.subNicheId))
    .where(eq(clips.id, clipId))
    .limit(1);
  return row;
}

export async function selectCreatorClips(creatorId: string, statuses?: ClipStatus[]) {
  return db()
    .select(lifecycleColumns)
    .from(clips)
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .leftJoin(subNiches, eq(subNiches.id, clips.subNicheId))
    .where(and(eq(clips.userId, creatorId), statuses?.length ? inArray(clips.status, statuses) : undefined))
    .orderBy(desc(clips.createdAt), desc(clips.id));
}

export async function selectClipsByStatus(statuses: ClipStatus[], enteredBefore: Date, limit: number) {
  return db()
    .select(lifecycleColumns)
    .from(clips)
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .innerJoin(niches, eq(niches.id, clips.nicheId))
    .leftJoin(subNiches, eq(subNiches.id, clips.subNicheId))
    .where(and(inArray(clips.status, statuses), lt(clips.statusChangedAt, enteredBefore)))
    .orderBy(clips.statusChangedAt, clips.id)
    .limit(limit);
}

export async function countClipsByStatus(creatorId: string) {
  return db()
    .select({ status: clips.status, count: sql<number>`count(*)::int` })
    .from(clips)
    .where(eq(clips.userId, creatorId))
    .groupBy(clips.status);
}

export type NewClipRow = typeof clips.$inferInsert;

export async function insertClip(executor: Executor, row: NewClipRow) {
  const [inserted] = await executor.insert(clips).values(row).returning({ id: clips.id });
  return inserted!.id;
}

/**
 * The clip's row locked until the transaction ends, with what a status change needs to know: of
 * two people acting on one clip at once, the second waits and then sees the first one's result.
 */
export async function lockClipForStatusChange(executor: Executor, clipId: number) {
  const [row] = await executor
    .select({
      id: clips.id,
      title: clips.title,
      status: clips.status,
      creatorId: clips.userId,
      creatorEmail: profiles.email,
      creatorName: profiles.fullName,
    })
    .from(clips)
    .innerJoin(profiles, eq(profiles.id, clips.userId))
    .where(eq(clips.id, clipId))
    .for("update", { of: clips });
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
    .update(clips)
    .set({ ...alongside, status, statusReason, statusChangedAt: sql`now()` })
    .where(eq(clips.id, clipId));
}

export async function updateClipColumns(
  executor: Executor,
  clipId: number,
  values: Partial<NewClipRow>,
  onlyIn?: readonly ClipStatus[],
) {
  const [row] = await executor
    .update(clips)
    .set(values)
    .where(and(eq(clips.id, clipId), onlyIn ? inArray(clips.status, [...onlyIn]) : undefined))
    .returning({ id: clips.id });
  return row !== undefined;
}

export async function deleteClipRow(executor: Executor, clipId: number, creatorId: string) {
  const [row] = await executor
    .delete(clips)
    .where(and(eq(clips.id, clipId), eq(clips.userId, creatorId)))
    .returning({ originalKey: clips.originalKey, previewUrl: clips.previewUrl });
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
    from unnest(${clips.fingerprint}, ${hashes}) as pair(a, b)
    where a is not null and b is not null)`;
  return db()
    .select({ id: clips.id, distance })
    .from(clips)
    .where(
      and(
        ne(clips.id, clipId),
        isNotNull(clips.fingerprint),
        sql`cardinality(${clips.fingerprint}) = ${fingerprint.length}`,
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
    .update(clips)
    .set({ downloadsCount: sql`${clips.downloadsCount} + 1` })
    .where(eq(clips.id, clipId));
}
