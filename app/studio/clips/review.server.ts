import type { ClipStatus } from "~/catalog/clips/attributes";
import type { ClipTransitionName } from "~/catalog/clips/clip-lifecycle";
import { moveClip } from "~/catalog/clips/clip-lifecycle.server";
import { type ReleaseGap, releaseGapMessage } from "~/catalog/clips/seen-people";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { clipReleaseGap, refreshSeenPeople } from "../releases/clip-releases.server";
import {
  REJECTION_REASONS,
  type RejectionReason,
  UNPUBLISH_REASONS,
  type UnpublishReason,
} from "./review-reasons";

/**
 * Staff decisions on clips. Each is one `moveClip` of catalog's lifecycle, which writes the audit
 * entry, refreshes search and announces the change (the creator's mail, clip-mails.server.ts) in
 * one transaction; when two reviewers act on the same clip the second gets `already_reviewed`.
 */
export interface Reviewer {
  id: string;
}

export type ReviewResult =
  | { ok: true; value: { clipId: number; status: ClipStatus } }
  | { ok: false; reason: "not_found" | "already_reviewed" };

async function decide(
  actor: Reviewer,
  clipId: number,
  transition: Extract<ClipTransitionName, "approve" | "reject" | "unpublish" | "take_down">,
  reason: string | null,
  details?: Record<string, unknown>,
): Promise<ReviewResult> {
  const moved = await moveClip({
    clipId,
    transition,
    actor: { by: "staff", userId: actor.id, details },
    reason,
  });
  if (!moved.ok)
    return { ok: false, reason: moved.reason === "not_found" ? "not_found" : "already_reviewed" };
  return { ok: true, value: { clipId, status: moved.value.to } };
}

function reasonText(text: string, note: string | undefined) {
  const trimmed = note?.trim();
  return trimmed ? `${text} ${trimmed}` : text;
}

/**
 * In review → published: it joins the catalogue and search at once; the creator is told. Refused,
 * with the reason in words, while recognisable people in it are not covered by model releases
 * (catalog/clips/seen-people.ts): every licence Verdeo sells is commercial. The refusal is audited.
 */
export async function approveClip(input: {
  clipId: number;
  actor: Reviewer;
}): Promise<ReviewResult | { ok: false; reason: "needs_release"; gap: ReleaseGap; message: string }> {
  const gap = await clipReleaseGap(input.clipId);
  if (gap) {
    const message = releaseGapMessage(gap);
    await recordAudit(db(), {
      actorId: input.actor.id,
      action: "clip.approve_refused",
      targetType: "clip",
      targetId: input.clipId,
      after: { reason: "needs_release", ...gap },
    });
    return { ok: false, reason: "needs_release", gap, message };
  }
  // Filed before publishing, so the search postings copy the People filter's columns at once.
  await refreshSeenPeople(input.clipId);
  return decide(input.actor, input.clipId, "approve", null);
}

/** In review → rejected, with a reason the creator reads (and an optional note from the reviewer). */
export async function rejectClip(input: {
  clipId: number;
  reason: RejectionReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(REJECTION_REASONS[input.reason], input.note);
  return decide(input.actor, input.clipId, "reject", text, {
    reason: input.reason,
    note: input.note ?? "",
  });
}

/** Published → unpublished by staff (a complaint, a broken rule); it leaves the catalogue at once. */
export async function unpublishClip(input: {
  clipId: number;
  reason: UnpublishReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(UNPUBLISH_REASONS[input.reason], input.note);
  return decide(input.actor, input.clipId, "unpublish", text, {
    reason: input.reason,
    note: input.note ?? "",
  });
}

/** Any state but unpublished → unpublished by staff (e.g. a copyright claim against a clip in review). */
export async function takeDownClip(input: {
  clipId: number;
  reason: UnpublishReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(UNPUBLISH_REASONS[input.reason], input.note);
  return decide(input.actor, input.clipId, "take_down", text, {
    reason: input.reason,
    note: input.note ?? "",
  });
}
