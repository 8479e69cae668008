import { describe, expect, it } from "vitest";
import { COLLECTION_MESSAGES } from "~/catalog/collections/collection-rules";
import { createCollection, listCollectionsForClip } from "~/catalog/collections/collections.server";
import { isSaved } from "~/catalog/collections/saved.server";
import { action as collectionAction } from "~/catalog/routes/collection";
import { action as collectionsAction } from "~/catalog/routes/collections";
import { action as saveAction } from "~/catalog/routes/save";
import { createClip, createProfile } from "../factories/catalog";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

async function ownerWithCollection(name: string) {
  const owner = await signedIn("user");
  const created = await createCollection({ userId: owner.id, name });
  if (!created.ok) throw new Error(created.reason);
  return { owner, collection: created.value };
}

describe("collection forms", () => {
  it("a name already taken is refused with its message and the name comes back to the form", async () => {
    const { owner } = await ownerWithCollection("Hero shots");
    const refused = await post(collectionsAction, "/collections", { name: "Hero shots" }, owner.cookie);
    expect(refused).toMatchObject({
      status: 400,
      data: { formError: COLLECTION_MESSAGES.name_taken, values: { name: "Hero shots" } },
    });
  });

  it("renaming to a blank name is refused with the name rule", async () => {
    const { owner, collection } = await ownerWithCollection("Drafts");
    const refused = await post(
      collectionAction,
      `/collections/${collection.shareToken}`,
      { intent: "rename", collectionId: collection.id, name: "   " },
      owner.cookie,
    );
    expect(refused).toMatchObject({ status: 400, data: { formError: COLLECTION_MESSAGES.invalid_name } });
  });

  it("another user's collection is a 404 that says it does not exist", async () => {
    const { collection } = await ownerWithCollection("Mine");
    const stranger = await signedIn("user");
    const refused = await post(
      collectionAction,
      `/collections/${collection.shareToken}`,
      { intent: "delete", collectionId: collection.id },
      stranger.cookie,
    );
    expect(refused).toMatchObject({ status: 404, data: { formError: COLLECTION_MESSAGES.not_found } });
  });

  it("a forged second intent is refused, not obeyed", async () => {
    const { owner, collection } = await ownerWithCollection("Keep me");
    const forged = await post(
      collectionAction,
      `/collections/${collection.shareToken}`,
      [
        ["intent", "rename"],
        ["intent", "delete"],
        ["collectionId", collection.id],
        ["name", "Renamed"],
      ],
      owner.cookie,
    );
    expect(forged).toMatchObject({ status: 400, data: { formError: COLLECTION_MESSAGES.invalidChange } });
  });
});

describe("Save for Later", () => {
  it("nobody signed in: 401 with the log-in address that returns to the clip", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });
    const refused = await post(saveAction, "/resources/save", { clipId: String(clipId), intent: "save" });
    expect(refused).toMatchObject({
      status: 401,
      data: { formError: "Log in to save videos", login: `/login?redirectTo=%2Fvideo%2F${clipId}` },
    });
  });

  it("an unknown intent or a malformed clip id is a 400", async () => {
    const user = await signedIn("user");
    for (const fields of [
      { clipId: "1", intent: "like" },
      { clipId: "x1", intent: "save" },
    ]) {
      expect((await post(saveAction, "/resources/save", fields, user.cookie)).status).toBe(400);
    }
  });
});

describe("the clip page's Save menu", () => {
  it("lists the user's collections, each saying whether it holds the clip", async () => {
    const { owner, collection } = await ownerWithCollection("Holds it");
    const other = await createCollection({ userId: owner.id, name: "Does not" });
    if (!other.ok) throw new Error(other.reason);
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });
    await post(
      collectionAction,
      `/collections/${collection.shareToken}`,
      { intent: "add", collectionId: collection.id, clipId: String(clipId) },
      owner.cookie,
    );
    const places = await listCollectionsForClip(owner.id, clipId);
    expect(
      places.map(({ name, hasClip }) => ({ name, hasClip })).sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: "Does not", hasClip: false },
      { name: "Holds it", hasClip: true },
    ]);
    // Someone else's collections are never listed.
    const stranger = await signedIn("user");
    expect(await listCollectionsForClip(stranger.id, clipId)).toEqual([]);
  });

  it("without JavaScript, its plain forms save to Saved, to a collection and to a new one, and go back to the clip", async () => {
    const { owner, collection } = await ownerWithCollection("Campaign");
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });
    const here = `/video/${clipId}`;

    const saved = await post(
      saveAction,
      "/resources/save",
      { clipId: String(clipId), intent: "save", redirectTo: here },
      owner.cookie,
    );
    expect(saved).toMatchObject({ status: 302, location: here });
    expect(await isSaved(owner.id, clipId)).toBe(true);

    const added = await post(
      collectionAction,
      `/collections/${collection.shareToken}`,
      { intent: "add", collectionId: collection.id, clipId: String(clipId), redirectTo: here },
      owner.cookie,
    );
    expect(added).toMatchObject({ status: 302, location: `${here}?saved=1` });

    const created = await post(
      collectionsAction,
      "/collections",
      { name: "Brand new", clipId: String(clipId), redirectTo: here },
      owner.cookie,
    );
    expect(created).toMatchObject({ status: 302, location: `${here}?collected=1` });
    const places = await listCollectionsForClip(owner.id, clipId);
    expect(
      places
        .filter((place) => place.hasClip)
        .map((place) => place.name)
        .sort(),
    ).toEqual(["Brand new", "Campaign"]);
  });

  it("the Saved form goes back only to a clip page", async () => {
    const user = await signedIn("user");
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });
    const refused = await post(
      saveAction,
      "/resources/save",
      { clipId: String(clipId), intent: "save", redirectTo: "https://elsewhere.example/" },
      user.cookie,
    );
    expect(refused.status).toBe(400);
    expect(await isSaved(user.id, clipId)).toBe(false);
  });
});
