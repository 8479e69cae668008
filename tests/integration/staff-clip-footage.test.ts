import { describe, expect, it } from "vitest";
import { ANALYSER_VERSION, type ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { upsertClipAnalysis } from "~/media/analysis/clip-analysis.queries.server";
import { loader as staffClipLoader } from "~/staff/routes/clip";
import { loader as overviewLoader } from "~/staff/routes/overview";
import { upsertSuggestionDecisions } from "~/studio/clips/keyword-suggestions.queries.server";
import { createClip } from "../factories/catalog";
import { load, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** A handheld-looking pan with a cut at 3.5 s. */
const PAN_WITH_A_CUT: ClipAnalysisResult = {
  colour: { palette: [], brightness: 60, contrast: 20, warmShare: 0, timeOfDay: "day" },
  camera: { motion: "pan-right", confidence: 0.9, panFraction: 0.3, tiltFraction: 0, zoom: 1 },
  shots: { cuts: 1, singleShot: false, cutTimes: [3.5] },
  seconds: 8,
};

async function reviewPage(input: { description: string; tags: string[] }, result?: ClipAnalysisResult) {
  const creator = await signedIn("creator");
  const staff = await signedIn("developer");
  const clipId = await createClip({ userId: creator.id, status: "in_review", ...input });
  if (result) await upsertClipAnalysis(clipId, ANALYSER_VERSION, { result });
  const page = await load(staffClipLoader, `/staff/clips/${clipId}`, staff.cookie, {
    clipId: String(clipId),
  });
  return page.data as { footage: { state: string; flags?: { kind: string; at: number[] }[] } };
}

describe("the review page's footage panel", () => {
  it("flags a cut in a clip sold as one take and a 'static' tag the measured pan contradicts", async () => {
    const { footage } = await reviewPage(
      { description: "Harbour in one take.", tags: ["harbour", "static"] },
      PAN_WITH_A_CUT,
    );
    expect(footage.state).toBe("ready");
    expect(footage.flags).toEqual([
      expect.objectContaining({ kind: "hidden-cuts", at: [3.5] }),
      expect.objectContaining({ kind: "motion-mismatch" }),
    ]);
  });

  it("raises nothing when the description matches the footage, and says when no analysis is in yet", async () => {
    const matching = await reviewPage(
      { description: "Harbour montage.", tags: ["harbour", "pan"] },
      PAN_WITH_A_CUT,
    );
    expect(matching.footage.flags).toEqual([]);
    const waiting = await reviewPage({ description: "Harbour.", tags: ["harbour"] });
    expect(waiting.footage).toEqual({ state: "pending", error: null });
  });
});

describe("the overview's suggestions table", () => {
  it("shows per kind how many suggestions were offered and kept", async () => {
    const creator = await signedIn("creator");
    const staff = await signedIn("developer");
    const clipId = await createClip({ userId: creator.id, status: "needs_details" });
    await upsertSuggestionDecisions(clipId, [
      { kind: "colour", keyword: "red", accepted: true },
      { kind: "colour", keyword: "black", accepted: false },
      { kind: "mood", keyword: "mood:calm", accepted: true },
    ]);
    const page = await load(overviewLoader, "/staff", staff.cookie);
    const rows = (page.data as { suggestions: { kind: string; offered: number; accepted: number }[] })
      .suggestions;
    expect(rows.find((row) => row.kind === "colour")).toMatchObject({ offered: 2, accepted: 1, share: 0.5 });
    expect(rows.find((row) => row.kind === "mood")).toMatchObject({ offered: 1, accepted: 1, share: 1 });
  });
});
