import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findLifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { ANALYSER_VERSION, type ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { upsertClipAnalysis } from "~/media/analysis/clip-analysis.queries.server";
import { labOfHex } from "~/media/analysis/colour";
import { db } from "~/platform/db/client.server";
import { SUGGESTION_MESSAGES, suggestionAcceptance } from "~/studio/clips/keyword-suggestions.server";
import { action as clipAction, loader as clipLoader } from "~/studio/routes/clip";
import { clipSuggestionDecisions } from "~/studio/schema.server";
import { createClip } from "../factories/catalog";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** What the analyser measures of a pan to the right over a red scene at night. */
const RED_NIGHT_PAN: ClipAnalysisResult = {
  colour: {
    palette: [
      { hex: "#c01818", lab: labOfHex("#c01818"), share: 0.7 },
      { hex: "#101010", lab: labOfHex("#101010"), share: 0.3 },
    ],
    brightness: 18,
    contrast: 25,
    warmShare: 0.1,
    timeOfDay: "night",
  },
  camera: { motion: "pan-right", confidence: 0.9, panFraction: 0.3, tiltFraction: 0, zoom: 1 },
  shots: { cuts: 0, singleShot: true, cutTimes: [] },
  seconds: 6,
};

const details = {
  intent: "save",
  title: "Red Lights Passing",
  description: "Neon at night.",
  nicheId: "nature",
  subNiche: "",
  mood: "calm",
  license: "standard",
  orientation: "landscape",
  colorTone: "warm",
  tags: "neon",
};

async function analysedClip(result: ClipAnalysisResult | null = RED_NIGHT_PAN) {
  const creator = await signedIn("creator");
  const clipId = await createClip({ userId: creator.id, status: "needs_details", tags: ["neon"] });
  if (result) await upsertClipAnalysis(clipId, ANALYSER_VERSION, { result });
  const path = `/studio/clips/${clipId}`;
  const params = { clipId: String(clipId) };
  return {
    clipId,
    page: () => load(clipLoader, path, creator.cookie, params),
    save: (fields: [string, string][]) => post(clipAction, path, fields, creator.cookie, params),
  };
}

const keywordsOf = (page: { data?: Record<string, unknown> | null }) =>
  (page.data as { suggestions: { suggestions: { keyword: string }[] } }).suggestions.suggestions.map(
    (s) => s.keyword,
  );

describe("keyword suggestions in the studio", () => {
  it("the details page suggests the colour, the camera move and the light the analysis measured, and a mood", async () => {
    const { page } = await analysedClip();
    const loaded = await page();
    expect(keywordsOf(loaded)).toEqual(["red", "black", "pan", "night"]);
    expect(loaded.data).toMatchObject({ suggestions: { mood: "cinematic" } });
  });

  it("choosing the suggested mood counts as accepting it", async () => {
    const { clipId, save } = await analysedClip();
    expect((await save(Object.entries({ ...details, mood: "cinematic" }))).status).toBe(302);
    const [decision] = await db()
      .select({ accepted: clipSuggestionDecisions.accepted })
      .from(clipSuggestionDecisions)
      .where(and(eq(clipSuggestionDecisions.clipId, clipId), eq(clipSuggestionDecisions.kind, "mood")));
    expect(decision).toEqual({ accepted: true });
  });

  it("ticked suggestions join the saved tags; what was offered and kept is recorded per kind", async () => {
    const { clipId, save, page } = await analysedClip();
    const motion = async () => (await suggestionAcceptance()).find((row) => row.kind === "motion");
    const before = (await motion()) ?? { offered: 0, accepted: 0 };
    const saved = await save([...Object.entries(details), ["suggested", "red"], ["suggested", "pan"]]);
    expect(saved.status).toBe(302);
    expect((await findLifecycleClip(clipId))?.tags).toEqual(["neon", "red", "pan"]);
    const decisions = await db()
      .select({ keyword: clipSuggestionDecisions.keyword, accepted: clipSuggestionDecisions.accepted })
      .from(clipSuggestionDecisions)
      .where(eq(clipSuggestionDecisions.clipId, clipId))
      .orderBy(clipSuggestionDecisions.keyword);
    expect(decisions).toEqual([
      { keyword: "black", accepted: false },
      { keyword: "mood:cinematic", accepted: false },
      { keyword: "night", accepted: false },
      { keyword: "pan", accepted: true },
      { keyword: "red", accepted: true },
    ]);
    // Kept ones are tags now, no longer offered.
    expect(keywordsOf(await page())).toEqual(["black", "night"]);
    // One more motion suggestion offered, and kept.
    expect(await motion()).toMatchObject({ offered: before.offered + 1, accepted: before.accepted + 1 });
  });

  it("a keyword the analysis did not suggest is refused, and nothing is saved", async () => {
    const { clipId, save } = await analysedClip();
    const refused = await save([...Object.entries(details), ["suggested", "sponsored"]]);
    expect(refused).toMatchObject({ status: 400, data: { formError: SUGGESTION_MESSAGES.notOffered } });
    expect((await findLifecycleClip(clipId))?.tags).toEqual(["neon"]);
  });

  it("before the analysis has run the page says suggestions are coming and saving works as before", async () => {
    const { clipId, save, page } = await analysedClip(null);
    expect((await page()).data).toMatchObject({ suggestions: { state: "pending", suggestions: [] } });
    expect((await save(Object.entries(details))).status).toBe(302);
    expect((await findLifecycleClip(clipId))?.tags).toEqual(["neon"]);
  });
});
