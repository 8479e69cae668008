import type { ClipStatus } from "~/catalog/attributes";
import { changeClipStatus, findLifecycleClip, reindexClip } from "~/catalog/clip-lifecycle.server";
import { recordAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { notifyCreator } from "./notify.server";
import {
  REJECTION_REASONS,
  type RejectionReason,
  UNPUBLISH_REASONS,
  type UnpublishReason,
} from "./review-reasons";

/**
 * Staff decisions on clips. Each runs in one transaction with its audit entry; the status change
 * is conditional, so when two reviewers act on the same clip the second gets `already_reviewed`.
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
  action: string,
  from: readonly ClipStatus[],
  to: ClipStatus,
  statusReason: string | null,
  auditDetails: Record<string, unknown> = {},
): Promise<ReviewResult> {
  return db().transaction(async (tx) => {
    const changed = await changeClipStatus(tx, { clipId, from, to, reason: statusReason });
    if (!changed.ok)
      return { ok: false, reason: changed.reason === "not_found" ? "not_found" : "already_reviewed" };
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      targetType: "clip",
      targetId: clipId,
      before: { status: changed.value.before },
      after: { status: to, ...auditDetails },
    });
    return { ok: true, value: { clipId, status: to } };
  });
}

function reasonText(text: string, note: string | undefined) {
  const trimmed = note?.trim();
  return trimmed ? `${text} ${trimmed}` : text;
}

async function mailCreator(
  clipId: number,
  subject: (title: string) => string,
  body: (title: string) => string,
) {
  const clip = await findLifecycleClip(clipId);
  if (!clip?.creatorEmail) return;
  const link = `${config().PUBLIC_URL}/studio/clips/${clipId}`;
  notifyCreator({
    to: clip.creatorEmail,
    subject: subject(clip.title),
    text: `${body(clip.title)}\n\n${link}\n`,
  });
}

/** In review → published: it joins the catalogue and search at once; the creator is told. */
export async function approveClip(input: { clipId: number; actor: Reviewer }): Promise<ReviewResult> {
  const result = await decide(input.actor, input.clipId, "clip.approve", ["in_review"], "published", null);
  if (result.ok) {
    await reindexClip(input.clipId);
    await mailCreator(
      input.clipId,
      (title) => `Your clip "${title}" is published`,
      (title) => `Good news: "${title}" passed review and is now in the Verdeo catalogue.`,
    );
  }
  return result;
}

/** In review → rejected, with a reason the creator reads (and an optional note from the reviewer). */
export async function rejectClip(input: {
  clipId: number;
  reason: RejectionReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(REJECTION_REASONS[input.reason], input.note);
  const result = await decide(input.actor, input.clipId, "clip.reject", ["in_review"], "rejected", text, {
    reason: input.reason,
    note: input.note ?? "",
  });
  if (result.ok) {
    await mailCreator(
      input.clipId,
      (title) => `Your clip "${title}" was not accepted`,
      (title) =>
        `"${title}" was reviewed and not accepted: ${text}\nYou can fix the details and submit it again.`,
    );
  }
  return result;
}

/** Published → unpublished by staff (a complaint, a broken rule); it leaves the catalogue at once. */
export async function unpublishClip(input: {
  clipId: number;
  reason: UnpublishReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(UNPUBLISH_REASONS[input.reason], input.note);
  const result = await decide(
    input.actor,
    input.clipId,
    "clip.unpublish",
    ["published"],
    "unpublished",
    text,
    {
      reason: input.reason,
      note: input.note ?? "",
    },
  );
  if (result.ok) {
    await mailCreator(
      input.clipId,
      (title) => `Your clip "${title}" was unpublished`,
      (title) => `"${title}" was taken out of the Verdeo catalogue: ${text}`,
    );
  }
  return result;
}

/** Any state but unpublished → unpublished by staff (e.g. a copyright claim against a clip in review). */
export async function takeDownClip(input: {
  clipId: number;
  reason: UnpublishReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(UNPUBLISH_REASONS[input.reason], input.note);
  const from: ClipStatus[] = ["processing", "needs_details", "in_review", "published", "rejected", "failed"];
  const result = await decide(input.actor, input.clipId, "clip.take_down", from, "unpublished", text, {
    reason: input.reason,
    note: input.note ?? "",
  });
  if (result.ok) {
    await mailCreator(
      input.clipId,
      (title) => `Your clip "${title}" was taken down`,
      (title) => `"${title}" was taken down by our team: ${text}`,
    );
  }
  return result;
}
