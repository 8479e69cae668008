import type { ClipStatus } from "~/catalog/clips/attributes";
import {
  deleteCreatorClip,
  findLifecycleClip,
  type LifecycleClip,
  listCreatorClips,
  moveClip,
  saveClipDetails,
} from "~/catalog/clips/clip-lifecycle.server";
import { logger } from "~/platform/logger.server";
import { storage } from "~/platform/storage/storage.server";
import type { ClipDetailsInput } from "./clip-details-schema";

/** A creator's own clips: list, describe, submit, unpublish, delete. Nobody else's. */
export type StudioResult<T = undefined> = { ok: true; value: T } | { ok: false; reason: StudioFailure };
export type StudioFailure = "not_found" | "not_editable" | "bad_niche" | "bad_sub_niche" | "wrong_status";

/** States in which a creator may change the details (not while processing, nor a failed upload). */
const EDITABLE: ClipStatus[] = ["needs_details", "rejected", "unpublished", "in_review", "published"];

export async function listStudioClips(creatorId: string, status?: ClipStatus) {
  return listCreatorClips(creatorId, status ? [status] : undefined);
}

export async function findCreatorClip(creatorId: string, clipId: number): Promise<LifecycleClip | undefined> {
  const clip = await findLifecycleClip(clipId);
  return clip && clip.creatorId === creatorId ? clip : undefined;
}

/**
 * Saves the details; with `submit`, a clip that needs details (or was rejected or unpublished)
 * goes to review. Edits to a published clip go live at once.
 */
export async function updateClipDetails(input: {
  creatorId: string;
  clipId: number;
  details: ClipDetailsInput;
  submit: boolean;
}): Promise<StudioResult<{ status: ClipStatus }>> {
  return saveClipDetails(input, EDITABLE);
}

/** The creator takes a published clip (or one in review) out of the catalogue. */
export async function unpublishOwnClip(creatorId: string, clipId: number): Promise<StudioResult> {
  const moved = await moveClip({
    clipId,
    transition: "withdraw",
    actor: { by: "creator", userId: creatorId },
    reason: "You unpublished this clip.",
  });
  if (!moved.ok) return { ok: false, reason: moved.reason };
  return { ok: true, value: undefined };
}

/** Deletes the clip and every file made from it; the original goes too. */
export async function deleteOwnClip(creatorId: string, clipId: number): Promise<StudioResult> {
  const deleted = await deleteCreatorClip(clipId, creatorId);
  if (!deleted) return { ok: false, reason: "not_found" };
  try {
    if (deleted.originalKey) await storage().remove(deleted.originalKey);
    await storage().removePrefix(`clips/${clipId}/`);
  } catch (error) {
    logger.warn({ err: error, clipId }, "removing a deleted clip's files failed");
  }
  return { ok: true, value: undefined };
}
