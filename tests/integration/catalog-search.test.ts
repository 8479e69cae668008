import { beforeAll, describe, expect, it } from "vitest";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import type { ExploreQuery } from "~/catalog/search/explore-url";
import { searchClips, searchFacets } from "~/catalog/search/search.server";
import { SEARCH_QUERY_MAX } from "~/constants";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const ids: Record<string, number> = {};
const query = (search: string): ExploreQuery => parseExploreQuery(new URLSearchParams(search));
const found = async (search: string) =>
  (await searchClips(query(search))).clips.map((clip) => clip.id).sort();
const sorted = (...names: string[]) => names.map((name) => ids[name]).sort();

beforeAll(async () => {
  const maya = await createProfile({ fullName: "Maya Lindqvist", username: "maya.films" });
  const kenji = await createProfile({ fullName: "Kenji Aoba", username: "kenji_motion" });
  const hour = 3_600_000;
  ids.yacht = await createClip({
    title: "Golden Hour Yacht Cruise",
    description: "A sleek yacht glides across calm water at sunset.",
    userId: maya.id,
    nicheId: "luxury",
    subNiche: "Yachts",
    license: "extended",
    durationSeconds: 14,
    orientation: "landscape",
    colorTone: "warm",
    mood: "cinematic",
    tags: ["yacht", "sunset"],
    createdAt: new Date(Date.now() - 4 * hour),
  });
  ids.network = await createClip({
    title: "Neural Network Visualisation",
    description: "Glowing nodes pulse and connect.",
    userId: kenji.id,
    nicheId: "technology",
    subNiche: "AI & Data",
    license: "standard",
    durationSeconds: 15,
    orientation: "portrait",
    colorTone: "cool",
    mood: "energetic",
    tags: ["ai", "data"],
    createdAt: new Date(Date.now() - 3 * hour),
  });
  ids.mountain = await createClip({
    title: "Misty Mountain Sunrise",
    description: "Mist rolls over alpine ridges; a yacht would look lost here.",
    userId: maya.id,
    nicheId: "nature",
    subNiche: "Mountains",
    license: "standard",
    durationSeconds: 30,
    orientation: "square",
    colorTone: "cool",
    mood: "calm",
    tags: ["mountains", "fog"],
    createdAt: new Date(Date.now() - 2 * hour),
  });
  ids.yoga = await createClip({
    title: "Morning Yoga Flow",
    description: "Slow movement on a sunlit terrace.",
    userId: kenji.id,
    nicheId: "wellness",
    subNiche: "Yoga",
    license: "standard",
    durationSeconds: 31,
    orientation: "landscape",
    colorTone: "neutral",
    mood: "calm",
    tags: ["yoga", "morning"],
    createdAt: new Date(Date.now() - hour),
  });
});

describe("duration filter boundaries", () => {
  it("short is under 15 seconds: 14 s is short, 15 s is not", async () => {
    expect(await found("duration=short")).toEqual(sorted("yacht"));
  });

  it("medium is 15 to 30 seconds inclusive", async () => {
    expect(await found("duration=medium")).toEqual(sorted("network", "mountain"));
  });

  it("long is over 30 seconds: 31 s is long, 30 s is not", async () => {
    expect(await found("duration=long")).toEqual(sorted("yoga"));
  });
});

describe("filters", () => {
  it("all filters at 'all' return the whole catalogue, newest first", async () => {
    const page = await searchClips(query(""));
    expect(page.clips.map((clip) => clip.id)).toEqual([ids.yoga, ids.mountain, ids.network, ids.yacht]);
    expect(page.total).toBe(4);
  });

  it("license narrows to standard or extended", async () => {
    expect(await found("license=extended")).toEqual(sorted("yacht"));
    expect(await found("license=standard")).toEqual(sorted("network", "mountain", "yoga"));
  });

  it("orientation narrows to landscape, portrait or square", async () => {
    expect(await found("orientation=landscape")).toEqual(sorted("yacht", "yoga"));
    expect(await found("orientation=portrait")).toEqual(sorted("network"));
    expect(await found("orientation=square")).toEqual(sorted("mountain"));
  });

  it("colour tone narrows to warm, cool or neutral", async () => {
    expect(await found("tone=warm")).toEqual(sorted("yacht"));
    expect(await found("tone=cool")).toEqual(sorted("network", "mountain"));
    expect(await found("tone=neutral")).toEqual(sorted("yoga"));
  });

  it("mood narrows to cinematic, calm or energetic", async () => {
    expect(await found("mood=cinematic")).toEqual(sorted("yacht"));
    expect(await found("mood=calm")).toEqual(sorted("mountain", "yoga"));
    expect(await found("mood=energetic")).toEqual(sorted("network"));
  });

  it("niche and sub-niche narrow to their clips", async () => {
    expect(await found("niche=nature")).toEqual(sorted("mountain"));
    expect(await found("niche=nature&sub=Mountains")).toEqual(sorted("mountain"));
    expect(await found("niche=nature&sub=Oceans")).toEqual([]);
  });

  it("filters combine with each other", async () => {
    expect(await found("license=standard&mood=calm&orientation=square")).toEqual(sorted("mountain"));
    expect(await found("license=extended&mood=calm")).toEqual([]);
  });
});

describe("text search", () => {
  it("finds a clip by a word of its title, and ranks title matches above description matches", async () => {
    const page = await searchClips(query("q=yacht"));
    expect(page.clips.map((clip) => clip.id)).toEqual([ids.yacht, ids.mountain]);
  });

  it("finds clips by niche name, sub-niche name, tag and creator name", async () => {
    expect(await found("q=luxury")).toEqual(sorted("yacht"));
    expect(await found("q=AI %26 Data")).toEqual(sorted("network"));
    expect(await found("q=fog")).toEqual(sorted("mountain"));
    expect(await found("q=Lindqvist")).toEqual(sorted("yacht", "mountain"));
  });

  it("matches stemmed forms and a longer word that starts the same", async () => {
    expect(await found("q=mountains")).toEqual(sorted("mountain"));
    expect(await found("q=visual")).toEqual(sorted("network"));
  });

  it("tolerates typos: 'luxery' and 'techology' still find their clips", async () => {
    expect(await found("q=luxery")).toEqual(sorted("yacht"));
    expect(await found("q=techology")).toEqual(sorted("network"));
    expect(await found("q=Neurl Netwrk")).toEqual(sorted("network"));
  });

  it("combines the text with every filter", async () => {
    expect(
      await found(
        "q=yacht&niche=luxury&license=extended&duration=short&orientation=landscape&tone=warm&mood=cinematic",
      ),
    ).toEqual(sorted("yacht"));
    expect(await found("q=luxery&license=standard")).toEqual([]);
    expect(await found("q=yacht&tone=cool")).toEqual(sorted("mountain"));
  });

  it("requires every word to match", async () => {
    expect(await found("q=yoga morning")).toEqual(sorted("yoga"));
    expect(await found("q=yoga yacht")).toEqual([]);
  });

  it("finds nothing for unrelated words", async () => {
    const page = await searchClips(query("q=submarine"));
    expect(page).toEqual({ clips: [], total: 0, capped: false, page: 1, pageCount: 0, correctedQuery: null });
  });

  // Each hostile input is treated as words to look for, never as SQL or as a pattern: it finds
  // exactly the clips those words name (never "everything"), and the tables stay as they were.
  it.each([
    [`"yacht`, ["yacht", "mountain"]],
    [`' or 1=1 --`, []],
    [`yacht'); drop table clips; --`, []],
    ["!yacht & | ( ) :* <-> \\", ["yacht", "mountain"]],
    ["🚤🌅", []],
    ["yacht 🚤", ["yacht", "mountain"]],
    ["%_%", []],
    ["\u0000yacht", ["yacht", "mountain"]],
    ["a".repeat(SEARCH_QUERY_MAX * 20), []],
  ] as [string, string[]][])("any input is safe and finds what its words name: %s", async (text, names) => {
    const page = await searchClips({
      ...query(""),
      q: parseExploreQuery(new URLSearchParams({ q: text })).q,
    });
    expect(page.clips.map((clip) => clip.id).sort()).toEqual(sorted(...names));
    expect((await searchClips(query(""))).total).toBe(Object.keys(ids).length);
  });

  it("a quoted or punctuated word still matches", async () => {
    expect(await found(`q=${encodeURIComponent(`"yacht!"`)}`)).toEqual(sorted("yacht", "mountain"));
  });
});

describe("phrases, exclusions and corrections", () => {
  it("a quoted phrase matches the words together and in order only", async () => {
    expect(await found(`q=${encodeURIComponent(`"golden hour"`)}`)).toEqual(sorted("yacht"));
    expect(await found(`q=${encodeURIComponent(`"hour golden"`)}`)).toEqual([]);
  });

  it("a -word excludes the clips that contain it", async () => {
    expect(await found("q=yacht+-mist")).toEqual(sorted("yacht"));
    expect(await found("q=-yacht")).toEqual(sorted("network", "yoga"));
  });

  it("says which words were corrected, and searches as typed when asked to", async () => {
    const corrected = await searchClips(query("q=luxery+sunset"));
    expect(corrected.correctedQuery).toBe("luxury sunset");
    expect(corrected.clips.map((clip) => clip.id)).toEqual([ids.yacht]);
    const exact = await searchClips(query("q=luxery+sunset&exact=1"));
    expect(exact).toMatchObject({ total: 0, correctedQuery: null });
  });

  it("counts two swapped letters as one edit (sunest, like ocaen, shares too few trigrams to be found by them)", async () => {
    const swapped = await searchClips(query("q=sunest"));
    expect(swapped.correctedQuery).toBe("sunset");
    expect(swapped.clips.map((clip) => clip.id)).toEqual([ids.yacht]);
    const short = await searchClips(query("q=yoag+mronign"));
    expect(short.correctedQuery).toBe("yoga mronign");
    expect((await searchClips(query("q=mornign"))).correctedQuery).toBe("morning");
  });

  it("does not correct a word the catalogue knows, even in another form", async () => {
    expect((await searchClips(query("q=yachts"))).correctedQuery).toBeNull();
  });
});

describe("multi-select facets and sorts", () => {
  it("several values of one facet widen, facets narrow each other", async () => {
    expect(await found("mood=cinematic&mood=energetic")).toEqual(sorted("yacht", "network"));
    expect(await found("niche=luxury&niche=wellness&license=standard")).toEqual(sorted("yoga"));
    expect(await found("duration=short&duration=long")).toEqual(sorted("yacht", "yoga"));
  });

  it("resolution bands use the shorter side of the frame", async () => {
    expect(await found("resolution=sd")).toEqual(sorted("yacht", "network", "mountain", "yoga"));
    expect(await found("resolution=4k")).toEqual([]);
  });

  it("sorts by duration and by popularity", async () => {
    const order = async (search: string) => (await searchClips(query(search))).clips.map((clip) => clip.id);
    expect(await order("sort=shortest")).toEqual([ids.yacht, ids.network, ids.mountain, ids.yoga]);
    expect(await order("sort=longest")).toEqual([ids.yoga, ids.mountain, ids.network, ids.yacht]);
    // Equal popularity (none saved yet) falls back to newest first.
    expect(await order("sort=popular")).toEqual([ids.yoga, ids.mountain, ids.network, ids.yacht]);
  });

  it("counts each facet value as if it were chosen, ignoring the facet's own choice", async () => {
    const facets = await searchFacets(query("mood=calm&license=standard"));
    const counts = (name: string) =>
      Object.fromEntries(facets.find((facet) => facet.name === name)!.values.map((v) => [v.value, v.count]));
    // Mood counts ignore mood=calm but keep license=standard.
    expect(counts("mood")).toEqual({ cinematic: 0, calm: 2, energetic: 1 });
    // License counts ignore license=standard but keep mood=calm.
    expect(counts("license")).toEqual({ standard: 2, extended: 0 });
    expect(counts("orientation")).toEqual({ landscape: 1, portrait: 0, square: 1 });
  });
});

describe("paging", () => {
  it("returns the requested page of results with the total", async () => {
    const first = await searchClips(query(""), 3);
    const second = await searchClips(query("page=2"), 3);
    expect(first.clips).toHaveLength(3);
    expect(second.clips.map((clip) => clip.id)).toEqual([ids.yacht]);
    expect(second).toMatchObject({ total: 4, page: 2, pageCount: 2 });
  });

  it("each result carries its creator and niche", async () => {
    const [clip] = (await searchClips(query("q=yacht"))).clips;
    expect(clip).toMatchObject({
      title: "Golden Hour Yacht Cruise",
      nicheName: "Luxury Lifestyle",
      subNicheName: "Yachts",
      creatorName: "Maya Lindqvist",
      creatorRole: "creator",
      width: 640,
      height: 360,
    });
  });
});
