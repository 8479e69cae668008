import { describe, expect, it } from "vitest";
import "~/jobs.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { ANALYSER_VERSION } from "~/media/analysis/clip-analysis";
import { upsertClipAnalysis } from "~/media/analysis/clip-analysis.queries.server";
import { announcePeopleSeen } from "~/media/analysis/seen-people.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("a new analysis with people", () => {
  it("files an already published clip under the people seen once media announces it", async () => {
    const { id: userId } = await createProfile();
    const clipId = await createClip({ userId, title: "Market Crowd", tags: ["bazaar"], status: "published" });
    await upsertClipAnalysis(clipId, ANALYSER_VERSION, {
      result: {
        colour: { palette: [], brightness: 50, contrast: 20, warmShare: 0, timeOfDay: "day" },
        camera: { motion: "static", confidence: 0.9, panFraction: 0, tiltFraction: 0, zoom: 1 },
        shots: { cuts: 0, singleShot: true, cutTimes: [] },
        seconds: 10,
        people: { maxCount: 7, recognisableFaces: 0, frameShare: 1, frames: [] },
      },
    });
    const ids = async (search: string) =>
      (await searchClips(parseExploreQuery(new URLSearchParams(search)))).clips.map((clip) => clip.id);
    await refreshSearchIndex();
    await announcePeopleSeen(clipId);
    expect(await ids("q=bazaar&people=many")).toEqual([clipId]);
    expect(await ids("people=many")).toContain(clipId);
  });
});
