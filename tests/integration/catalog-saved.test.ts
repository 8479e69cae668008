import { describe, expect, it } from "vitest";
import { listSavedClips } from "~/catalog/profile-clips.server";
import { isSaved, savePost, unsavePost } from "~/catalog/saved.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("saved clips", () => {
  it("saving twice keeps one saved row; unsaving removes it", async () => {
    const creator = await createProfile();
    const buyer = await createProfile({ role: "user" });
    const clipId = await createClip({ userId: creator.id });
    expect(await isSaved(buyer.id, clipId)).toBe(false);
    await savePost(buyer.id, clipId);
    await savePost(buyer.id, clipId);
    expect(await isSaved(buyer.id, clipId)).toBe(true);
    expect(await listSavedClips(buyer.id)).toHaveLength(1);
    await unsavePost(buyer.id, clipId);
    await unsavePost(buyer.id, clipId);
    expect(await isSaved(buyer.id, clipId)).toBe(false);
  });

  it("a save belongs to one user only", async () => {
    const creator = await createProfile();
    const [one, two] = [await createProfile({ role: "user" }), await createProfile({ role: "user" })];
    const clipId = await createClip({ userId: creator.id });
    await savePost(one.id, clipId);
    expect(await isSaved(two.id, clipId)).toBe(false);
  });

  it("the saved list is newest first", async () => {
    const creator = await createProfile();
    const buyer = await createProfile({ role: "user" });
    const first = await createClip({ userId: creator.id, title: "First" });
    const second = await createClip({ userId: creator.id, title: "Second" });
    await savePost(buyer.id, first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await savePost(buyer.id, second);
    expect((await listSavedClips(buyer.id)).map((clip) => clip.id)).toEqual([second, first]);
  });

  it("saving a clip that does not exist fails", async () => {
    const buyer = await createProfile({ role: "user" });
    await expect(savePost(buyer.id, 999_999)).rejects.toThrow();
  });
});
