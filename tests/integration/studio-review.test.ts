import { describe, expect, it } from "vitest";
import { findClip } from "~/catalog/clips/catalog.server";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { listAudit } from "~/platform/audit.server";
import { listJobs } from "~/platform/jobs/queue.server";
import { approveClip, rejectClip, takeDownClip, unpublishClip } from "~/studio/clips/review.server";
import { REJECTION_REASONS } from "~/studio/clips/review-reasons";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const reviewer = { id: "staff-reviewer" };

describe("clip review", () => {
  it("approving a clip in review publishes it, puts it in search and writes an audit entry", async () => {
    const creator = await createProfile();
    const clipId = await createClip({
      userId: creator.id,
      title: "Glacier Lagoon Drift",
      status: "in_review",
    });
    expect(await findClip(clipId)).toBeUndefined();

    const result = await approveClip({ clipId, actor: reviewer });

    expect(result).toEqual({ ok: true, value: { clipId, status: "published" } });
    expect(await findClip(clipId)).toMatchObject({ title: "Glacier Lagoon Drift" });
    const found = await searchClips(parseExploreQuery(new URLSearchParams("q=glacier lagoon")));
    expect(found.clips.map((clip) => clip.id)).toContain(clipId);
    const [entry] = await listAudit({ targetType: "clip", targetId: String(clipId) });
    const mails = (await listJobs(["queued"])).filter((job) => job.name === "mail.send");
    expect(mails.map((job) => job.data)).toContainEqual(
      expect.objectContaining({
        to: creator.email,
        subject: 'Your clip "Glacier Lagoon Drift" is published',
      }),
    );
    expect(entry).toMatchObject({
      actorId: reviewer.id,
      action: "clip.approve",
      before: { status: "in_review" },
      after: { status: "published" },
    });
  });

  it("of two reviewers deciding the same clip at once, one wins and the other gets already_reviewed", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "in_review" });

    const results = await Promise.all([
      approveClip({ clipId, actor: { id: "staff-a" } }),
      rejectClip({ clipId, reason: "quality", actor: { id: "staff-b" } }),
    ]);

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "already_reviewed" });
    expect(await listAudit({ targetType: "clip", targetId: String(clipId) })).toHaveLength(1);
  });

  it("rejecting keeps the reviewer's reason and note for the creator", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "in_review" });

    const result = await rejectClip({
      clipId,
      reason: "logos",
      note: "The bottle label at 0:04.",
      actor: reviewer,
    });

    expect(result.ok).toBe(true);
    expect(await findLifecycleClip(clipId)).toMatchObject({
      status: "rejected",
      statusReason: `${REJECTION_REASONS.logos} The bottle label at 0:04.`,
    });
  });

  it("a clip that is not in review cannot be approved, and a missing one is not_found", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "needs_details" });

    expect(await approveClip({ clipId, actor: reviewer })).toEqual({ ok: false, reason: "already_reviewed" });
    expect(await approveClip({ clipId: 999_999, actor: reviewer })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await listAudit({ targetType: "clip", targetId: String(clipId) })).toHaveLength(0);
  });

  it("unpublishing takes a published clip out of the catalogue; a second unpublish is already_reviewed", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });

    expect((await unpublishClip({ clipId, reason: "copyright", actor: reviewer })).ok).toBe(true);
    expect(await findClip(clipId)).toBeUndefined();
    expect(await unpublishClip({ clipId, reason: "copyright", actor: reviewer })).toEqual({
      ok: false,
      reason: "already_reviewed",
    });
  });

  it("a take-down works from review too and is audited", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "in_review" });

    expect((await takeDownClip({ clipId, reason: "copyright", actor: reviewer })).ok).toBe(true);
    expect((await findLifecycleClip(clipId))?.status).toBe("unpublished");
    const [entry] = await listAudit({ targetType: "clip", targetId: String(clipId) });
    expect(entry?.action).toBe("clip.take_down");
  });
});
