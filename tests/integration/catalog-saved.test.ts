import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertSavedClip } from "~/catalog/collections/saved.queries.server";
import { isSaved, setClipSaved } from "~/catalog/collections/saved.server";
import { listSavedClips } from "~/catalog/profile/profile-clips.queries.server";
import { clips } from "~/catalog/schema.server";
import { db } from "~/platform/db/client.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

async function save(userId: string, clipId: number) {
  expect(await setClipSaved({ userId, clipId, saved: true })).toEqual({ ok: true, value: { saved: true } });
}

describe("saved clips", () => {
  it("saving twice keeps one saved row; unsaving removes it", async () => {
    const creator = await createProfile();
    const buyer = await createProfile({ role: "user" });
    const clipId = await createClip({ userId: creator.id });
    expect(await isSaved(buyer.id, clipId)).toBe(false);
    await save(buyer.id, clipId);
    await save(buyer.id, clipId);
    expect(await isSaved(buyer.id, clipId)).toBe(true);
    expect(await listSavedClips(buyer.id)).toHaveLength(1);
    await setClipSaved({ userId: buyer.id, clipId, saved: false });
    await setClipSaved({ userId: buyer.id, clipId, saved: false });
    expect(await isSaved(buyer.id, clipId)).toBe(false);
  });

  it("keeps the clip's saves_count current, also under double and parallel clicks", async () => {
    const creator = await createProfile();
    const first = await createProfile({ role: "user" });
    const second = await createProfile({ role: "user" });
    const clipId = await createClip({ userId: creator.id });
    const count = async () =>
      (await db().select({ n: clips.savesCount }).from(clips).where(eq(clips.id, clipId)))[0].n;
    await Promise.all([save(first.id, clipId), save(first.id, clipId), save(second.id, clipId)]);
    expect(await count()).toBe(2);
    await Promise.all([
      setClipSaved({ userId: first.id, clipId, saved: false }),
      setClipSaved({ userId: first.id, clipId, saved: false }),
    ]);
    expect(await count()).toBe(1);
  });

  it("a save belongs to one user only", async () => {
    const creator = await createProfile();
    const [one, two] = [await createProfile({ role: "user" }), await createProfile({ role: "user" })];
    const clipId = await createClip({ userId: creator.id });
    await save(one.id, clipId);
    expect(await isSaved(two.id, clipId)).toBe(false);
  });

  it("the saved list is newest first", async () => {
    const creator = await createProfile();
    const buyer = await createProfile({ role: "user" });
    const first = await createClip({ userId: creator.id, title: "First" });
    const second = await createClip({ userId: creator.id, title: "Second" });
    await save(buyer.id, first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await save(buyer.id, second);
    expect((await listSavedClips(buyer.id)).map((clip) => clip.id)).toEqual([second, first]);
  });

  it("saving a clip that does not exist is refused as clip_not_found, and no row is written", async () => {
    const buyer = await createProfile({ role: "user" });
    expect(await setClipSaved({ userId: buyer.id, clipId: 999_999, saved: true })).toEqual({
      ok: false,
      reason: "clip_not_found",
    });
    expect(await listSavedClips(buyer.id)).toEqual([]);
  });

  it("the database itself refuses a saved row for a missing clip (the foreign key to clips)", async () => {
    const buyer = await createProfile({ role: "user" });
    await expect(insertSavedClip(buyer.id, 999_999)).rejects.toMatchObject({
      cause: { code: "23503", constraint: expect.stringMatching(/^saved_clips_clip_id_.*fk$/) },
    });
  });
});
