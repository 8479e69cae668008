import { beforeAll, describe, expect, it } from "vitest";
import { listSimilarClips } from "~/catalog/clips/catalog.server";
import { recordClipMedia } from "~/catalog/clips/clip-lifecycle.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips, searchFacets } from "~/catalog/search/search.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { analyseClip } from "~/media/analysis/clip-analysis.server";
import { labOfHex } from "~/media/analysis/colour";
import type { CameraMotion } from "~/media/analysis/motion";
import { storage } from "~/platform/storage/storage.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

function seen(hex: string, motion: CameraMotion, cuts: number[] = []): ClipAnalysisResult {
  return {
    colour: {
      palette: [{ hex, lab: labOfHex(hex), share: 0.8 }],
      brightness: 50,
      contrast: 20,
      warmShare: 0,
      timeOfDay: "day",
    },
    camera: { motion, confidence: 0.9, panFraction: 0, tiltFraction: 0, zoom: 1 },
    shots: { cuts: cuts.length, singleShot: cuts.length === 0, cutTimes: cuts },
    seconds: 10,
  };
}

/** A published clip analysed (through the analysis service, its analyser replaced) as `result`. */
async function analysedClip(title: string, result: ClipAnalysisResult, tags = ["kestrel"]) {
  const { id: userId } = await createProfile();
  const clipId = await createClip({ userId, title, tags, status: "published" });
  const originalKey = `originals/test/${clipId}.mp4`;
  await storage().put(originalKey, Buffer.from("not read: the analyser is replaced"), {
    visibility: "private",
  });
  await recordClipMedia(clipId, { originalKey });
  await analyseClip(clipId, undefined, async () => result);
  return clipId;
}

const ids = async (search: string) =>
  (await searchClips(parseExploreQuery(new URLSearchParams(search)))).clips.map((clip) => clip.id);
const count = async (search: string, facet: string, value: string) =>
  (await searchFacets(parseExploreQuery(new URLSearchParams(search))))
    .find((f) => f.name === facet)
    ?.values.find((v) => v.value === value)?.count;

let redPan: number;
let bluePanWithCut: number;
let redStatic: number;
let anotherRedPan: number;
beforeAll(async () => {
  // Made first: without the visual points, the newest clip would win every tie.
  anotherRedPan = await analysedClip("Kestrel Over Red Dunes", seen("#c01a20", "pan-left"));
  redPan = await analysedClip("Kestrel Over Red Cliffs", seen("#c81e23", "pan-right"));
  bluePanWithCut = await analysedClip("Kestrel Over The Bay", seen("#2850c8", "pan-left", [4]));
  redStatic = await analysedClip("Kestrel On A Red Post", seen("#c81e23", "static"));
  await refreshSearchIndex();
});

describe("Explore by what the analysis saw", () => {
  it("filters by dominant colour and measured camera move, alone and together", async () => {
    expect(await ids("colour=red")).toEqual(expect.arrayContaining([redPan, redStatic]));
    expect(await ids("colour=red")).not.toContain(bluePanWithCut);
    expect(await ids("motion=pan")).toEqual(expect.arrayContaining([redPan, bluePanWithCut]));
    expect((await ids("colour=red&motion=pan")).sort()).toEqual([redPan, anotherRedPan].sort());
  });

  it("a single shot is a clip in which no cut was found", async () => {
    const single = await ids("shot=single&q=kestrel");
    expect(single).toEqual(expect.arrayContaining([redPan, redStatic]));
    expect(single).not.toContain(bluePanWithCut);
  });

  it("a word search (the postings path) filters and counts the same way", async () => {
    expect((await ids("q=kestrel&colour=red&motion=pan")).sort()).toEqual([redPan, anotherRedPan].sort());
    expect(await count("q=kestrel", "colour", "red")).toBe(3);
    expect(await count("q=kestrel", "motion", "pan")).toBe(3);
    expect(await count("q=kestrel&colour=red", "motion", "pan")).toBe(2);
    expect(await count("q=kestrel", "shot", "single")).toBe(3);
  });

  it("similar clips weigh what was seen: the other red pan comes before clips sharing only a colour or a move", async () => {
    const similar = (await listSimilarClips(redPan)).map((clip) => clip.id);
    expect(similar[0]).toBe(anotherRedPan);
    expect(similar).toEqual(expect.arrayContaining([redStatic, bluePanWithCut]));
  });

  it("a colour no clip shows is counted as none, and an unknown value is ignored, not an error", async () => {
    expect(await count("q=kestrel", "colour", "pink")).toBe(0);
    expect(await ids("q=kestrel&colour=chartreuse")).toHaveLength(4);
  });

  it("similar clips weigh the objects seen: of two grey static shots, the one with the same boat comes first", async () => {
    const showing = (...labels: string[]) => ({
      ...seen("#808080", "static"),
      objects: labels.map((label) => ({ label, frameShare: 1 })),
    });
    const withBoat = await analysedClip("Heron By A Boat", showing("boat"), ["heron"]);
    // Newer, so it would win the tie if objects were not weighed.
    const withBench = await analysedClip("Heron By A Bench", showing("bench"), ["heron"]);
    const clip = await analysedClip("Heron Among Boats", showing("boat", "bird"), ["heron"]);
    expect((await listSimilarClips(clip)).map((similar) => similar.id).slice(0, 2)).toEqual([
      withBoat,
      withBench,
    ]);
  });
});
