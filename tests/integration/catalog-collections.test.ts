import { describe, expect, it } from "vitest";
import { changeCollection, createCollection, openCollection } from "~/catalog/collections/collections.server";
import { loader as collectionLoader } from "~/catalog/routes/collection";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("collections", () => {
  it("a private collection is its owner's; sharing by link shows it read-only to anyone", async () => {
    const owner = await createProfile({ role: "user" });
    const other = await createProfile({ role: "user" });
    const creator = await createProfile();
    const [first, second] = [
      await createClip({ userId: creator.id, title: "First" }),
      await createClip({ userId: creator.id, title: "Second" }),
    ];
    const created = await createCollection({ userId: owner.id, name: "  Spring   campaign " });
    if (!created.ok) throw new Error(created.reason);
    expect(created.value.name).toBe("Spring campaign");
    expect(created.value.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const id = created.value.id;
    for (const clipId of [first, second, first])
      expect(
        (await changeCollection({ userId: owner.id, collectionId: id, change: { kind: "add", clipId } })).ok,
      ).toBe(true);
    const token = created.value.shareToken;
    expect(await openCollection(token, other.id)).toEqual({ ok: false, reason: "not_found" });
    const mine = await openCollection(token, owner.id);
    expect(mine.ok && mine.value.clips.map((clip) => clip.id)).toEqual([first, second]);

    await changeCollection({
      userId: owner.id,
      collectionId: id,
      change: { kind: "visibility", visibility: "link" },
    });
    const shared = await openCollection(token, null);
    expect(shared.ok && shared.value.own).toBe(false);

    await changeCollection({
      userId: owner.id,
      collectionId: id,
      change: { kind: "move", clipId: second, direction: "up" },
    });
    const moved = await openCollection(token, null);
    expect(moved.ok && moved.value.clips.map((clip) => clip.id)).toEqual([second, first]);

    // Private again: the old link stops working.
    await changeCollection({
      userId: owner.id,
      collectionId: id,
      change: { kind: "visibility", visibility: "private" },
    });
    expect(await openCollection(token, null)).toEqual({ ok: false, reason: "not_found" });
  });

  it("a collection opened by its share link carries neither its owner's user id nor its own id to a visitor", async () => {
    const owner = await createProfile({ role: "user" });
    const creator = await createProfile({ role: "creator" });
    const clipId = await createClip({ userId: creator.id, title: "Shared" });
    const created = await createCollection({ userId: owner.id, name: "Shared with a client" });
    if (!created.ok) throw new Error(created.reason);
    const { id, shareToken } = created.value;
    await changeCollection({ userId: owner.id, collectionId: id, change: { kind: "add", clipId } });
    await changeCollection({
      userId: owner.id,
      collectionId: id,
      change: { kind: "visibility", visibility: "link" },
    });

    const request = new Request(`http://localhost/collections/${shareToken}`);
    const pageData = await collectionLoader({ request, params: { token: shareToken }, context: {} } as never);

    const sent = JSON.stringify(pageData);
    expect(sent).not.toContain(owner.id);
    expect(sent).not.toContain(id);
    expect(pageData.collection).toEqual({
      name: "Shared with a client",
      visibility: "link",
      shareToken,
      clips: 1,
    });
    // Its owner still gets the id their forms post.
    const mine = await openCollection(shareToken, owner.id);
    expect(mine.ok && mine.value.collection.id).toBe(id);
    expect(mine.ok && JSON.stringify(mine.value.collection)).not.toContain(owner.id);
  });

  it("only the owner changes a collection; names are checked and unique per user", async () => {
    const owner = await createProfile({ role: "user" });
    const other = await createProfile({ role: "user" });
    const created = await createCollection({ userId: owner.id, name: "Hero shots" });
    if (!created.ok) throw new Error(created.reason);
    expect(await createCollection({ userId: owner.id, name: "Hero shots" })).toEqual({
      ok: false,
      reason: "name_taken",
    });
    expect(await createCollection({ userId: owner.id, name: " \u0000 " })).toEqual({
      ok: false,
      reason: "invalid_name",
    });
    expect(
      await changeCollection({
        userId: other.id,
        collectionId: created.value.id,
        change: { kind: "delete" },
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(
      await changeCollection({
        userId: owner.id,
        collectionId: created.value.id,
        change: { kind: "add", clipId: 2_000_000_000 },
      }),
    ).toEqual({ ok: false, reason: "clip_not_found" });
    expect(
      (
        await changeCollection({
          userId: owner.id,
          collectionId: created.value.id,
          change: { kind: "delete" },
        })
      ).ok,
    ).toBe(true);
    expect(await openCollection(created.value.shareToken, owner.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });
});
