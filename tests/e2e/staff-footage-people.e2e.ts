import type pg from "pg";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { ANALYSER_VERSION } from "~/media/analysis/clip-analysis";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, signIn } from "./accounts-helpers";
import { expectAccessibleIn, expectVisible, newPage, PHONE } from "./browser";
import { screenshotIn } from "./screenshots";

const DEVELOPER = { email: "dev@verdeo.local", password: DEMO_PASSWORD };

const STILL_HARBOUR: ClipAnalysisResult = {
  colour: {
    palette: [{ hex: "#2846b4", lab: { l: 33, a: 22, b: -60 }, share: 1 }],
    brightness: 45,
    contrast: 18,
    warmShare: 0,
    timeOfDay: "day",
  },
  camera: { motion: "static", confidence: 0.9, panFraction: 0, tiltFraction: 0, zoom: 1 },
  shots: { cuts: 0, singleShot: true, cutTimes: [] },
  seconds: 12,
};

/** Two people on a boat, and a frame the adult-content classifier scores high. */
const WITH_PEOPLE: ClipAnalysisResult = {
  ...STILL_HARBOUR,
  people: {
    maxCount: 2,
    frameShare: 0.75,
    recognisableFaces: 1,
    frames: [
      { second: 1.5, persons: 2, faces: 1 },
      { second: 4.5, persons: 1, faces: 0 },
      { second: 7.5, persons: 1, faces: 1 },
      { second: 10.5, persons: 0, faces: 0 },
    ],
  },
  objects: [{ label: "boat", frameShare: 1 }],
  adult: { score: 0.93, frames: [{ second: 7.5, score: 0.93 }] },
};
const MODELS_FAILED: ClipAnalysisResult = { ...STILL_HARBOUR, people: null, objects: null, adult: null };

let client: pg.Client;
const clipIds: number[] = [];
async function clipWith(title: string, result: ClipAnalysisResult) {
  const inserted = await client.query<{ id: number }>(
    `insert into clips (title, description, thumbnail_url, video_url, preview_url, user_id, niche_id, license,
       duration_seconds, orientation, color_tone, mood, tags, width, height, status)
     select $1, 'A harbour.', thumbnail_url, video_url, preview_url, user_id, niche_id, license, duration_seconds,
       orientation, color_tone, mood, array['harbour'], width, height, 'in_review'
     from clips where status = 'published' order by id limit 1
     returning id`,
    [title],
  );
  const id = inserted.rows[0]!.id;
  clipIds.push(id);
  await client.query("insert into clip_analysis (clip_id, analyser_version, result) values ($1, $2, $3)", [
    id,
    ANALYSER_VERSION,
    JSON.stringify(result),
  ]);
  return id;
}

beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
});
afterAll(async () => {
  for (const id of clipIds) await client?.query("delete from clips where id = $1", [id]);
  await client?.end();
});

describe("review sees the people, objects and adult-content score the models found", () => {
  it("the review page says how many people are in view and in what share of the frames, the objects, and flags a high adult-content frame with its moment", async () => {
    const clipId = await clipWith("Harbour Crew", WITH_PEOPLE);
    const page = await newPage();
    await signIn(page, DEVELOPER.email, DEVELOPER.password);
    await page.goto(`/staff/clips/${clipId}`);
    const panel = page.getByRole("region", { name: "What the footage shows" });
    await expectVisible(panel.getByText("Up to 2, in 75% of frames, 1 recognisable face"));
    await expectVisible(panel.getByText("boat (100%)"));
    await expectVisible(panel.getByText(/The adult-content classifier scores a frame at 93% \(at 7\.5 s\)/));
    await expectVisible(panel.getByRole("link", { name: "See 7.5 s" }));
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(page, `/staff/clips/${clipId}`, theme);
      await screenshotIn(`/staff/clips/${clipId}`, theme, undefined, DEVELOPER);
      await screenshotIn(`/staff/clips/${clipId}`, theme, PHONE, DEVELOPER);
    }
  }, 120_000);

  it("when the models failed, the review page says people and objects are missing and will be tried again", async () => {
    const clipId = await clipWith("Harbour Unseen", MODELS_FAILED);
    const page = await newPage();
    await signIn(page, DEVELOPER.email, DEVELOPER.password);
    await page.goto(`/staff/clips/${clipId}`);
    const panel = page.getByRole("region", { name: "What the footage shows" });
    await expectVisible(panel.getByText("Missing: the model failed, tried again later").first());
    await expectVisible(panel.getByText("Static (90% of the frames agree)"));
  }, 120_000);
});
