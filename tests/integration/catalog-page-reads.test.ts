import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  countPublishedClips,
  findClipPage,
  listHomeClips,
  listSimilarClips,
} from "~/catalog/clips/catalog.server";
import {
  changeCollection,
  createCollection,
  listCollectionsForClip,
} from "~/catalog/collections/collections.server";
import { setClipSaved } from "~/catalog/collections/saved.server";
import { loader as clipPageLoader } from "~/catalog/routes/video";
import { type ClipInput, createClip, createProfile } from "../factories/catalog";
import { load, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the clip page's reads", () => {
  it("similar clips rank shared tags over the same niche over the same mood, without the clip itself or unpublished ones", async () => {
    const creator = await createProfile();
    const clip = (input: Omit<ClipInput, "userId">) => createClip({ ...input, userId: creator.id });
    const me = await clip({ title: "Me", nicheId: "nature", mood: "calm", tags: ["ocean", "waves"] });
    const twoTags = await clip({ nicheId: "technology", mood: "energetic", tags: ["ocean", "waves"] });
    const oneTagSameMood = await clip({ nicheId: "technology", mood: "calm", tags: ["waves"] });
    const sameNiche = await clip({ nicheId: "nature", mood: "energetic", tags: [] });
    await clip({ nicheId: "nature", mood: "calm", tags: ["ocean", "waves"], status: "in_review" });
    // Shares only the mood: not a candidate at all.
    await clip({ nicheId: "technology", mood: "calm", tags: ["city"] });

    const similar = await listSimilarClips(me);
    expect(similar.map((found) => found.id)).toEqual([twoTags, oneTagSameMood, sameNiche]);
    expect(similar[0]).toMatchObject({ nicheName: expect.any(String), creatorUsername: creator.username });
  });

  it("the clip page has the clip, its details and the viewer's saved mark; an unpublished clip is not found", async () => {
    const creator = await createProfile();
    const viewer = await createProfile({ role: "user" });
    const id = await createClip({ userId: creator.id, title: "Harbour Lights", tags: ["harbour", "night"] });
    expect(await setClipSaved({ userId: viewer.id, clipId: id, saved: true })).toMatchObject({ ok: true });

    expect(await findClipPage(id, viewer.id)).toMatchObject({
      clip: { id, title: "Harbour Lights", creatorId: creator.id },
      details: { tags: ["harbour", "night"] },
      saved: true,
    });
    expect((await findClipPage(id, creator.id))?.saved).toBe(false);
    expect((await findClipPage(id, null))?.saved).toBe(false);
    const hidden = await createClip({ userId: creator.id, status: "in_review" });
    expect(await findClipPage(hidden, viewer.id)).toBeUndefined();
  });

  it("the viewer's collections come with their sizes and whether each holds the clip", async () => {
    const creator = await createProfile();
    const viewer = await createProfile({ role: "user" });
    const [clipId, other] = [
      await createClip({ userId: creator.id }),
      await createClip({ userId: creator.id }),
    ];
    const holding = await createCollection({ userId: viewer.id, name: "Holding" });
    const empty = await createCollection({ userId: viewer.id, name: "Empty" });
    if (!holding.ok || !empty.ok) throw new Error("collections were not made");
    for (const added of [clipId, other])
      await changeCollection({
        userId: viewer.id,
        collectionId: holding.value.id,
        change: { kind: "add", clipId: added },
      });

    const marked = await listCollectionsForClip(viewer.id, clipId);
    expect(marked.map(({ name, clips, hasClip }) => ({ name, clips, hasClip }))).toEqual([
      { name: "Holding", clips: 2, hasClip: true },
      { name: "Empty", clips: 0, hasClip: false },
    ]);
    expect(await listCollectionsForClip(creator.id, clipId)).toEqual([]);
  });

  it("a signed-in clip page costs six queries: session, the clip (read replica) beside the viewer's saved mark (primary), the creator's others, similar, collections", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, tags: ["harbour"] });
    await createClip({ userId: creator.id, tags: ["harbour"] });
    const viewer = await signedIn("user");
    const queries = vi.spyOn(pg.Client.prototype, "query");

    const page = await load(clipPageLoader, `/video/${clipId}`, viewer.cookie, { id: String(clipId) });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ clip: { id: clipId }, saved: false, collections: [] });
    expect(queries).toHaveBeenCalledTimes(6);
  });
});

describe("the home page's read", () => {
  it("gives the named published clips in the order asked, and the catalogue's size, in one round trip", async () => {
    const creator = await createProfile();
    const [first, second] = [
      await createClip({ userId: creator.id }),
      await createClip({ userId: creator.id }),
    ];
    const hidden = await createClip({ userId: creator.id, status: "in_review" });
    const published = await countPublishedClips();
    const queries = vi.spyOn(pg.Client.prototype, "query");

    const home = await listHomeClips([second, hidden, first, 2_147_483_647]);
    expect(queries).toHaveBeenCalledTimes(1);
    expect(home.clips.map((clip) => clip.id)).toEqual([second, first]);
    expect(home.publishedCount).toBe(published);
    expect((await listHomeClips([hidden])).publishedCount).toBe(published);
  });
});
