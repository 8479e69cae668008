import { beforeAll, describe, expect, it } from "vitest";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const idsOf = async (q: string) =>
  (await searchClips(parseExploreQuery(new URLSearchParams({ q })))).clips.map((clip) => clip.id);
const ids: Record<string, number> = {};

beforeAll(async () => {
  const lena = await createProfile({ fullName: "Lena Vogt", username: "lena.vogt" });
  const sam = await createProfile({ fullName: "Sam Reed", username: "sam.reed" });
  ids.german = await createClip({
    title: "Abend an der Ostsee",
    description: "Wellen rollen an den Sand, die Sonne geht unter.",
    userId: lena.id,
    tags: ["Strand", "Sonnenuntergang", "Möwen"],
  });
  ids.japanese = await createClip({
    title: "沖縄の海",
    description: "",
    userId: lena.id,
    tags: ["ビーチ", "夕日"],
  });
  ids.english = await createClip({
    title: "Beach at Sunset",
    description: "Waves roll onto the sand as the sun goes down.",
    userId: sam.id,
    tags: ["beach", "sunset"],
  });
  ids.words = await createClip({
    title: "Casa del Sol",
    description: "A see-through glass casa under the sol.",
    userId: sam.id,
    tags: ["villa"],
  });
  ids.pearls = await createClip({
    title: "Pearls on Velvet",
    description: "",
    userId: sam.id,
    tags: ["strand", "pearls"],
  });
});

describe("clips tagged in another language (indexing)", () => {
  it("an English query finds a clip tagged in German or Japanese, after the clip tagged in English", async () => {
    for (const q of ["beach", "sunset"]) {
      const found = await idsOf(q);
      expect(found[0], q).toBe(ids.english);
      expect(found, q).toEqual(expect.arrayContaining([ids.german, ids.japanese]));
    }
  });

  it("the clip's own words are still found", async () => {
    expect(await idsOf("Ostsee")).toEqual([ids.german]);
  });

  it('one plain tag that is English too is not translated: the "strand" of pearls is no beach', async () => {
    expect(await idsOf("beach")).not.toContain(ids.pearls);
    expect(await idsOf("strand")).toContain(ids.pearls);
  });

  it("words of a description are not translated, so English text keeps its meaning", async () => {
    expect(await idsOf("sun")).not.toContain(ids.words);
    expect(await idsOf("home")).toEqual([]);
  });
});
