import { recordAudit } from "~/platform/audit.server";
import { db, type Executor } from "~/platform/db/client.server";
import { defineEvent, publishEvent } from "~/platform/events.server";
import { refreshSearchIndex } from "../search/search-index.server";
import type {
  CameraMotionFilter,
  ClipStatus,
  ColorTone,
  ColourName,
  License,
  Mood,
  Orientation,
} from "./attributes";
import { CLIP_TRANSITIONS, type ClipTransitionName, canMoveClip } from "./clip-lifecycle";
import {
  countClipsByStatus,
  deleteClipRow,
  incrementClipDownloads,
  insertClip,
  type LifecycleClipRow,
  lockClipForStatusChange,
  type NewClipRow,
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
import type { PeopleCount } from "./seen-people";

/**
 * A clip's life outside the public catalogue: created by an upload, filled in by the media
 * pipeline, described by its creator, reviewed by staff. Other domains change clips only here, and
 * a status only through `moveClip` (the allowed moves are the table in clip-lifecycle.ts).
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
  /** What the analysis saw (media/analysis/): Explore's colour, camera and shot filters. */
  cameraMotion?: CameraMotionFilter | null;
  singleShot?: boolean;
  colourNames?: ColourName[];
  /** Objects seen (COCO labels): weighed by "similar clips". */
  objectNames?: string[];
  /** People seen and whether releases cover them (seen-people.ts): the People filter. */
  peopleCount?: PeopleCount | null;
  peopleReleased?: boolean | null;
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

export type LifecycleResult<T = undefined, R extends string = string> =
  | { ok: true; value: T }
  | { ok: false; reason: R };

/** Who moves a clip; staff moves are audited with `details` beside the new status. */
export type ClipActor =
  | { by: "pipeline" }
  | { by: "creator"; userId: string }
  | { by: "staff"; userId: string; details?: Record<string, unknown> }
  | { by: "seed" };

/**
 * A clip changed status (published in the transaction of the change). Upper domains react through
 * app/jobs.server.ts: the studio mails the creator.
 */
export interface ClipStatusChange {
  clipId: number;
  title: string;
  creatorId: string;
  creatorEmail: string | null;
  creatorName: string;
  transition: ClipTransitionName;
  from: ClipStatus;
  to: ClipStatus;
  reason: string | null;
}
export const clipStatusChanged = defineEvent<ClipStatusChange>("clip.status-changed");

export type MoveClipResult = LifecycleResult<ClipStatusChange, "not_found" | "wrong_status">;

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

/** Average Hamming distance (bits of 64) under which two clips count as the same footage. */
export const DUPLICATE_MAX_DISTANCE = 10;

export async function setClipProgress(clipId: number, percent: number) {
  const processingProgress = Math.max(0, Math.min(100, Math.round(percent)));
  await updateClipColumns(db(), clipId, { processingProgress }, ["processing"]);
}

/**
 * The one way a clip changes status. Checks the move against CLIP_TRANSITIONS with the row locked,
 * then, in the same transaction: the status, its reason and `status_changed_at`; the search index
 * when the clip is published; an audit entry for a staff move; the `clip.status-changed` event.
 * `not_found` when there is no such clip (or, for a creator, not one of theirs); `wrong_status`
 * when the move does not start from the clip's state (someone else acted first).
 */
export async function moveClip(
  move: {
    clipId: number;
    transition: ClipTransitionName;
    actor: ClipActor;
    reason?: string | null;
    /** Only for a transition without a fixed target (the demo seed's). */
    to?: ClipStatus;
    /** Columns written with the status (the pipeline's last media). */
    alongside?: Partial<NewClipRow>;
  },
  executor?: Executor,
): Promise<MoveClipResult> {
  const rule = CLIP_TRANSITIONS[move.transition];
  if (rule.by !== move.actor.by) throw new Error(`${move.actor.by} may not ${move.transition} a clip`);
  const to = rule.to ?? move.to;
  if (!to) throw new Error(`${move.transition} needs a target status`);
  const run = async (tx: Executor): Promise<MoveClipResult> => {
    const clip = await lockClipForStatusChange(tx, move.clipId);
    if (!clip || (move.actor.by === "creator" && clip.creatorId !== move.actor.userId))
      return { ok: false, reason: "not_found" };
    if (!canMoveClip(move.transition, clip.status)) return { ok: false, reason: "wrong_status" };
    const reason = move.reason ?? null;
    // A reviewer who approves a clip flagged as a likely copy has checked it is the creator's own.
    const cleared = move.transition === "approve" ? { duplicateOfId: null } : {};
    await updateClipStatus(tx, clip.id, to, reason, { ...move.alongside, ...cleared });
    if (to === "published") await refreshSearchIndex([clip.id], tx);
    if (move.actor.by === "staff") {
      await recordAudit(tx, {
        actorId: move.actor.userId,
        action: `clip.${move.transition}`,
        targetType: "clip",
        targetId: clip.id,
        before: { status: clip.status },
        after: { status: to, ...move.actor.details },
      });
    }
    const change: ClipStatusChange = {
      clipId: clip.id,
      title: clip.title,
      creatorId: clip.creatorId,
      creatorEmail: clip.creatorEmail,
      creatorName: clip.creatorName,
      transition: move.transition,
      from: clip.status,
      to,
      reason,
    };
    await publishEvent(clipStatusChanged, change, { tx });
    return { ok: true, value: change };
  };
  return executor ? run(executor) : db().transaction(run);
}

/**
 * The pipeline is done with a clip: its last media, the duplicate check and progress 100 are
 * written with the move out of `processing` (to needs details; the demo seed names its own target).
 * False when the clip is no longer processing (a re-run of a finished step).
 */
export async function finishClipProcessing(
  clipId: number,
  media: ClipMedia,
  options: { demoStatus?: ClipStatus } = {},
) {
  const { fingerprint, ...rest } = media;
  const [closest] = fingerprint?.length
    ? await selectSimilarClips(clipId, fingerprint, DUPLICATE_MAX_DISTANCE)
    : [];
  const alongside: Partial<NewClipRow> = {
    ...rest,
    ...(fingerprint ? { fingerprint, duplicateOfId: closest?.id ?? null } : {}),
    processingProgress: 100,
  };
  const moved = options.demoStatus
    ? await moveClip({ clipId, transition: "demo", actor: { by: "seed" }, to: options.demoStatus, alongside })
    : await moveClip({ clipId, transition: "processed", actor: { by: "pipeline" }, alongside });
  return { finished: moved.ok, duplicateOfId: closest?.id ?? null };
}

/** The pipeline gives up on a clip; `reason` tells the creator why, in words (the seed's demo failure is its own move). */
export async function failClipProcessing(clipId: number, reason: string, options: { demo?: boolean } = {}) {
  const moved = options.demo
    ? await moveClip({ clipId, transition: "demo", actor: { by: "seed" }, to: "failed", reason })
    : await moveClip({ clipId, transition: "failed", actor: { by: "pipeline" }, reason });
  return moved.ok;
}

export type SaveDetailsResult = LifecycleResult<
  { status: ClipStatus },
  "not_found" | "bad_niche" | "bad_sub_niche" | "not_editable" | "wrong_status"
>;

/**
 * Saves a creator's details, and with `submit` sends the clip to review in the same transaction.
 * A published clip's edits go live at once, so its search columns are refreshed with them.
 */
export async function saveClipDetails(
  input: { clipId: number; creatorId: string; details: ClipDetails; submit: boolean },
  editableIn: readonly ClipStatus[],
): Promise<SaveDetailsResult> {
  const { clipId, creatorId, details } = input;
  return db().transaction(async (tx): Promise<SaveDetailsResult> => {
    const current = await selectLifecycleClip(tx, clipId);
    if (!current || current.creatorId !== creatorId) return { ok: false, reason: "not_found" };
    if (!(await selectNicheExists(tx, details.nicheId))) return { ok: false, reason: "bad_niche" };
    let subNicheId: number | null = null;
    if (details.subNiche !== null) {
      const found = await selectSubNicheId(tx, details.nicheId, details.subNiche);
      if (found === undefined) return { ok: false, reason: "bad_sub_niche" };
      subNicheId = found;
    }
    const { subNiche: _name, ...columns } = details;
    const saved = await updateClipColumns(tx, clipId, { ...columns, subNicheId }, editableIn);
    if (!saved) return { ok: false, reason: "not_editable" };
    if (input.submit) {
      const moved = await moveClip(
        { clipId, transition: "submit", actor: { by: "creator", userId: creatorId } },
        tx,
      );
      if (!moved.ok) return moved;
      return { ok: true, value: { status: moved.value.to } };
    }
    if (current.status === "published") await refreshSearchIndex([clipId], tx);
    return { ok: true, value: { status: current.status } };
  });
}

/** Deletes a creator's own clip row; the caller removes its files. */
export async function deleteCreatorClip(clipId: number, creatorId: string) {
  return deleteClipRow(db(), clipId, creatorId);
}

/** Counts a new license of the clip (a re-download of a licensed clip does not count again). */
export async function recordClipDownload(executor: Executor, clipId: number) {
  await incrementClipDownloads(executor, clipId);
}
