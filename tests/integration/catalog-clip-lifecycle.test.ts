import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findClip } from "~/catalog/clips/catalog.server";
import { CLIP_TRANSITIONS } from "~/catalog/clips/clip-lifecycle";
import { findLifecycleClip, moveClip } from "~/catalog/clips/clip-lifecycle.server";
import { clips } from "~/catalog/schema.server";
import { processClipNow } from "~/media/processing/pipeline.server";
import { MEDIA_FAILURES } from "~/media/renditions/media-rules";
import { listAudit } from "~/platform/audit.server";
import { storage } from "~/platform/storage/storage.server";
import { CLIP_MAILS } from "~/studio/clips/clip-mails";
import { updateClipDetails } from "~/studio/clips/clips.server";
import { approveClip, rejectClip } from "~/studio/clips/review.server";
import { REJECTION_REASONS } from "~/studio/clips/review-reasons";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";
import { makeVideo } from "../support/video-files";

const database = useTestDatabase();

/** A clip in processing whose private original is `video`, as an upload leaves it. */
async function uploadedClip(video: Buffer, title: string) {
  const creator = await createProfile();
  const id = await createClip({ userId: creator.id, title, status: "processing" });
  const key = `originals/${creator.id}/${randomBytes(4).toString("hex")}.mp4`;
  await storage().put(key, video, { visibility: "private" });
  await database.db
    .update(clips)
    .set({ originalKey: key, fileSizeBytes: video.length, processingProgress: 0 })
    .where(eq(clips.id, id));
  return { creator, id };
}

async function statusChangedAt(clipId: number) {
  const [row] = await database.db
    .select({ at: clips.statusChangedAt })
    .from(clips)
    .where(eq(clips.id, clipId));
  return row!.at;
}

describe("clip lifecycle", () => {
  it("the pipeline hands a processed clip to its creator (needs details, progress 100) and mails them", async () => {
    const { creator, id } = await uploadedClip(makeVideo("lifecycle-ok.mp4", { seconds: 4 }), "Harbour Dawn");
    const before = await statusChangedAt(id);

    await processClipNow({ clipId: id });

    const clip = await findLifecycleClip(id);
    expect(clip).toMatchObject({ status: "needs_details", processingProgress: 100 });
    expect(clip?.previewUrl).toMatch(/preview\.mp4$/);
    expect((await statusChangedAt(id)).getTime()).toBeGreaterThan(before.getTime());
    const mails = await outboxFor(creator.email);
    expect(mails.map((mail) => mail.subject)).toEqual([CLIP_MAILS.processed.subject("Harbour Dawn")]);
    expect(mails[0]!.text).toContain(`/studio/clips/${id}`);
  }, 180_000);

  it("an unusable upload fails with its reason, and the creator's mail says why", async () => {
    const small = makeVideo("lifecycle-small.mp4", { width: 320, height: 240, seconds: 4 });
    const { creator, id } = await uploadedClip(small, "Tiny Pond");

    await processClipNow({ clipId: id });

    expect(await findLifecycleClip(id)).toMatchObject({
      status: "failed",
      statusReason: MEDIA_FAILURES.tooSmall,
    });
    const [mail] = await outboxFor(creator.email);
    expect(mail?.subject).toBe(CLIP_MAILS.failed.subject("Tiny Pond"));
    expect(mail?.text).toContain(MEDIA_FAILURES.tooSmall);
  });

  it("approval and rejection mail the creator, the rejection with the reviewer's reason", async () => {
    const creator = await createProfile();
    const approved = await createClip({ userId: creator.id, title: "Fern Rain", status: "in_review" });
    const rejected = await createClip({ userId: creator.id, title: "Logo Street", status: "in_review" });

    await approveClip({ clipId: approved, actor: { id: "staff-1" } });
    await rejectClip({ clipId: rejected, reason: "logos", actor: { id: "staff-1" } });

    const mails = await outboxFor(creator.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [CLIP_MAILS.approve.subject("Fern Rain"), CLIP_MAILS.reject.subject("Logo Street")].sort(),
    );
    expect(mails.find((mail) => mail.subject.includes("Logo Street"))?.text).toContain(
      REJECTION_REASONS.logos,
    );
  });

  it("a move the table does not allow is refused and writes nothing: no status, audit, mail or search entry", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, title: "Dune Shadows", status: "needs_details" });
    const before = await statusChangedAt(clipId);

    const moved = await moveClip({
      clipId,
      transition: "approve",
      actor: { by: "staff", userId: "staff-1" },
    });

    expect(moved).toEqual({ ok: false, reason: "wrong_status" });
    expect((await findLifecycleClip(clipId))?.status).toBe("needs_details");
    expect(await statusChangedAt(clipId)).toEqual(before);
    expect(await listAudit({ targetType: "clip", targetId: String(clipId) })).toHaveLength(0);
    expect(await outboxFor(creator.email)).toHaveLength(0);
    expect(await findClip(clipId)).toBeUndefined();
  });

  it("only the named actor may make a move: a creator cannot approve, the pipeline cannot submit", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "in_review" });
    await expect(
      moveClip({ clipId, transition: "approve", actor: { by: "creator", userId: creator.id } }),
    ).rejects.toThrow(/creator may not approve/);
    await expect(moveClip({ clipId, transition: "submit", actor: { by: "pipeline" } })).rejects.toThrow();
    expect(CLIP_TRANSITIONS.approve.by).toBe("staff");
  });

  it("a creator moves only their own clips: another's clip is not_found", async () => {
    const owner = await createProfile();
    const other = await createProfile();
    const clipId = await createClip({ userId: owner.id, status: "published" });

    expect(
      await moveClip({ clipId, transition: "withdraw", actor: { by: "creator", userId: other.id } }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect((await findLifecycleClip(clipId))?.status).toBe("published");
  });

  it("submitting for review is the creator's own move: no mail; approval clears the likely-copy flag", async () => {
    const creator = await createProfile();
    const earlier = await createClip({ userId: creator.id, title: "Original Falls" });
    const clipId = await createClip({ userId: creator.id, title: "Falls Again", status: "needs_details" });
    await database.db.update(clips).set({ duplicateOfId: earlier }).where(eq(clips.id, clipId));

    const submitted = await updateClipDetails({
      creatorId: creator.id,
      clipId,
      submit: true,
      details: {
        title: "Falls Again",
        description: "",
        nicheId: "nature",
        subNiche: null,
        mood: "calm",
        tags: ["falls"],
        license: "standard",
        orientation: "landscape",
        colorTone: "neutral",
      },
    });
    expect(submitted).toEqual({ ok: true, value: { status: "in_review" } });
    expect(await outboxFor(creator.email)).toHaveLength(0);

    await approveClip({ clipId, actor: { id: "staff-1" } });
    expect(await findLifecycleClip(clipId)).toMatchObject({ status: "published", duplicateOfId: null });
  });
});
