import { db, type Executor } from "~/platform/db/client.server";
import type { ClipStatus, ColorTone, License, Mood, Orientation } from "./attributes";
import {
  countClipsByStatus,
  deleteClipRow,
  incrementClipDownloads,
  insertClip,
  type LifecycleClipRow,
  selectClipsByStatus,
  selectCreatorClips,
  selectFirstNicheId,
  selectLifecycleClip,
  selectNicheExists,
  selectSimilarClips,
  selectSubNicheId,
  updateClipColumns,
  updateClipStatus,
} from "./clip-lifecycle.queries.server";
import { refreshSearchIndex } from "./search-index.server";

/**
 * A clip's life outside the public catalogue: created by an upload, filled in by the media
 * pipeline, described by its creator, reviewed by staff. Other domains change clips only here.
 */
export type LifecycleClip = NonNullable<LifecycleClipRow>;

/** What the media pipeline learnt about and made from a clip. */
export interface ClipMedia {
  durationSeconds?: number;
  width?: number;
  height?: number;
  orientation?: Orientation;
  colorTone?: ColorTone;
  frameRate?: number;
  codec?: string;
  bitrate?: number;
  fileSizeBytes?: number;
  originalKey?: string;
  thumbnailUrl?: string;
  videoUrl?: string;
  previewUrl?: string;
  previewSmallUrl?: string;
  storyboardUrl?: string;
  fingerprint?: bigint[];
}

/** What a creator says about a clip. */
export interface ClipDetails {
  title: string;
  description: string;
  nicheId: string;
  /** A sub-niche name of the niche, or null. */
  subNiche: string | null;
  mood: Mood;
  tags: string[];
  license: License;
  orientation: Orientation;
  colorTone: ColorTone;
}

export type LifecycleResult<T = undefined> = { ok: true; value: T } | { ok: false; reason: string };

/** Shown for a clip until the pipeline has made its poster. */
export const PROCESSING_POSTER_URL = "/processing-poster.svg";

export function findLifecycleClip(clipId: number, executor: Executor = db()) {
  return selectLifecycleClip(executor, clipId);
}

export function listCreatorClips(creatorId: string, statuses?: ClipStatus[]) {
  return selectCreatorClips(creatorId, statuses);
}

/** Clips that entered one of `statuses` before `enteredBefore` and are still in it, longest waiting first. */
export function listClipsInStatusSince(statuses: ClipStatus[], enteredBefore: Date, limit = 100) {
  return selectClipsByStatus(statuses, enteredBefore, limit);
}

export async function countCreatorClips(creatorId: string) {
  const rows = await countClipsByStatus(creatorId);
  return Object.fromEntries(rows.map((row) => [row.status, row.count])) as Partial<
    Record<ClipStatus, number>
  >;
}

/**
 * A new upload becomes a clip owned by its creator, in `processing`, hidden from the catalogue.
 * The attributes the pipeline and the creator fill in later start as neutral placeholders.
 */
export async function createProcessingClip(
  input: { creatorId: string; title: string; originalKey: string; fileSizeBytes: number },
  executor: Executor = db(),
) {
  const nicheId = await selectFirstNicheId(executor);
  if (!nicheId) throw new Error("No niches: the reference data is missing");
  return insertClip(executor, {
    title: input.title,
    userId: input.creatorId,
    originalKey: input.originalKey,
    fileSizeBytes: input.fileSizeBytes,
    thumbnailUrl: PROCESSING_POSTER_URL,
    videoUrl: "",
    nicheId,
    license: "standard",
    durationSeconds: 1,
    orientation: "landscape",
    colorTone: "neutral",
    mood: "calm",
    width: 1,
    height: 1,
    status: "processing",
    processingProgress: 0,
  });
}

/** Writes what the pipeline produced; idempotent (the same media written twice is the same row). */
export async function recordClipMedia(clipId: number, media: ClipMedia) {
  const { fingerprint, ...rest } = media;
  return updateClipColumns(db(), clipId, { ...rest, ...(fingerprint ? { fingerprint } : {}) });
}

export async function setClipProgress(clipId: number, percent: number) {
  const processingProgress = Math.max(0, Math.min(100, Math.round(percent)));
  await updateClipColumns(db(), clipId, { processingProgress }, ["processing"]);
}

/**
 * Moves a clip from one of `from` to `to`. `not_found` when there is no such clip (or, with
 * `creatorId`, not one of theirs); `wrong_status` when it is in another state (someone else acted first).
 */
export async function changeClipStatus(
  executor: Executor,
  change: {
    clipId: number;
    from: readonly ClipStatus[];
    to: ClipStatus;
    reason?: string | null;
    creatorId?: string;
  },
): Promise<LifecycleResult<{ before: ClipStatus }>> {
  const current = await selectLifecycleClip(executor, change.clipId);
  if (!current || (change.creatorId && current.creatorId !== change.creatorId))
    return { ok: false, reason: "not_found" };
  const moved = await updateClipStatus(
    executor,
    change.clipId,
    change.from,
    change.to,
    change.reason ?? null,
    change.creatorId,
  );
  if (!moved) return { ok: false, reason: "wrong_status" };
  return { ok: true, value: { before: current.status } };
}

/** Saves a creator's details; a published clip's edits go live at once, so search is refreshed. */
export async function saveClipDetails(
  executor: Executor,
  clipId: number,
  creatorId: string,
  details: ClipDetails,
  editableIn: readonly ClipStatus[],
): Promise<LifecycleResult<{ status: ClipStatus }>> {
  const current = await selectLifecycleClip(executor, clipId);
  if (!current || current.creatorId !== creatorId) return { ok: false, reason: "not_found" };
  if (!(await selectNicheExists(executor, details.nicheId))) return { ok: false, reason: "bad_niche" };
  let subNicheId: number | null = null;
  if (details.subNiche !== null) {
    const found = await selectSubNicheId(executor, details.nicheId, details.subNiche);
    if (found === undefined) return { ok: false, reason: "bad_sub_niche" };
    subNicheId = found;
  }
  const { subNiche: _name, ...columns } = details;
  const saved = await updateClipColumns(executor, clipId, { ...columns, subNicheId }, editableIn);
  if (!saved) return { ok: false, reason: "wrong_status" };
  return { ok: true, value: { status: current.status } };
}

/** Deletes a creator's own clip row; the caller removes its files. */
export async function deleteCreatorClip(clipId: number, creatorId: string) {
  return deleteClipRow(db(), clipId, creatorId);
}

/** Average Hamming distance (bits of 64) under which two clips count as the same footage. */
export const DUPLICATE_MAX_DISTANCE = 10;

/** Marks the clip as a likely copy of the closest earlier clip, if one is close enough; returns its id. */
export async function flagLikelyDuplicate(clipId: number, fingerprint: bigint[]) {
  if (fingerprint.length === 0) return null;
  const [closest] = await selectSimilarClips(clipId, fingerprint, DUPLICATE_MAX_DISTANCE);
  await updateClipColumns(db(), clipId, { duplicateOfId: closest?.id ?? null });
  return closest?.id ?? null;
}

/** Refreshes the search columns of one clip (after it is published or its details change). */
export async function reindexClip(clipId: number) {
  await refreshSearchIndex([clipId]);
}

/** Counts a new license of the clip (a re-download of a licensed clip does not count again). */
export async function recordClipDownload(executor: Executor, clipId: number) {
  await incrementClipDownloads(executor, clipId);
}
