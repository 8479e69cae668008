import type { ClipStatus } from "~/catalog/attributes";
import { changeClipStatus, findLifecycleClip, reindexClip } from "~/catalog/clip-lifecycle.server";
import { recordAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { queueMail } from "~/platform/mail.server";
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

interface CreatorMail {
  subject: (title: string) => string;
  body: (title: string) => string;
}

async function decide(
  actor: Reviewer,
  clipId: number,
  action: string,
  from: readonly ClipStatus[],
  to: ClipStatus,
  statusReason: string | null,
  mail: CreatorMail,
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
    // Queued in the same transaction: the creator hears of exactly the decisions that stand.
    const clip = await findLifecycleClip(clipId, tx);
    if (clip?.creatorEmail) {
      const link = `${config().PUBLIC_URL}/studio/clips/${clipId}`;
      await queueMail(
        {
          to: clip.creatorEmail,
          subject: mail.subject(clip.title),
          text: `${mail.body(clip.title)}\n\n${link}\n`,
        },
        { tx },
      );
    }
    return { ok: true, value: { clipId, status: to } };
  });
}

function reasonText(text: string, note: string | undefined) {
  const trimmed = note?.trim();
  return trimmed ? `${text} ${trimmed}` : text;
}

/** In review → published: it joins the catalogue and search at once; the creator is told. */
export async function approveClip(input: { clipId: number; actor: Reviewer }): Promise<ReviewResult> {
  const result = await decide(input.actor, input.clipId, "clip.approve", ["in_review"], "published", null, {
    subject: (title) => `Your clip "${title}" is published`,
    body: (title) => `Good news: "${title}" passed review and is now in the Verdeo catalogue.`,
  });
  if (result.ok) await reindexClip(input.clipId);
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
  return decide(
    input.actor,
    input.clipId,
    "clip.reject",
    ["in_review"],
    "rejected",
    text,
    {
      subject: (title) => `Your clip "${title}" was not accepted`,
      body: (title) =>
        `"${title}" was reviewed and not accepted: ${text}\nYou can fix the details and submit it again.`,
    },
    { reason: input.reason, note: input.note ?? "" },
  );
}

/** Published → unpublished by staff (a complaint, a broken rule); it leaves the catalogue at once. */
export async function unpublishClip(input: {
  clipId: number;
  reason: UnpublishReason;
  note?: string;
  actor: Reviewer;
}): Promise<ReviewResult> {
  const text = reasonText(UNPUBLISH_REASONS[input.reason], input.note);
  return decide(
    input.actor,
    input.clipId,
    "clip.unpublish",
    ["published"],
    "unpublished",
    text,
    {
      subject: (title) => `Your clip "${title}" was unpublished`,
      body: (title) => `"${title}" was taken out of the Verdeo catalogue: ${text}`,
    },
    { reason: input.reason, note: input.note ?? "" },
  );
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
  return decide(
    input.actor,
    input.clipId,
    "clip.take_down",
    from,
    "unpublished",
    text,
    {
      subject: (title) => `Your clip "${title}" was taken down`,
      body: (title) => `"${title}" was taken down by our team: ${text}`,
    },
    { reason: input.reason, note: input.note ?? "" },
  );
}
