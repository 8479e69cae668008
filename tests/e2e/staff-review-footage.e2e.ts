import type pg from "pg";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { ANALYSER_VERSION } from "~/media/analysis/clip-analysis";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, signIn } from "./accounts-helpers";
import { expectAccessibleIn, expectVisible, newPage, PHONE } from "./browser";
import { screenshotIn } from "./screenshots";

const DEVELOPER = { email: "dev@verdeo.local", password: DEMO_PASSWORD };

/** A pan to the right with a cut at 3.5 s, in red and near-black. */
const PAN_WITH_A_CUT: ClipAnalysisResult = {
  colour: {
    palette: [
      { hex: "#b82020", lab: { l: 41, a: 59, b: 41 }, share: 0.7 },
      { hex: "#151515", lab: { l: 6, a: 0, b: 0 }, share: 0.3 },
    ],
    brightness: 35,
    contrast: 22,
    warmShare: 0.1,
    timeOfDay: "day",
  },
  camera: { motion: "pan-right", confidence: 0.9, panFraction: 0.3, tiltFraction: 0, zoom: 1 },
  shots: { cuts: 1, singleShot: false, cutTimes: [3.5] },
  seconds: 8,
};

let client: pg.Client;
let clipId: number;
beforeAll(async () => {
  client = await connectToServerDatabase(inject("dataDir"));
  const inserted = await client.query<{ id: number }>(
    `insert into clips (title, description, thumbnail_url, video_url, preview_url, user_id, niche_id, license,
       duration_seconds, orientation, color_tone, mood, tags, width, height, status)
     select 'Harbour One Take', 'The harbour in one take, tripod.', thumbnail_url, video_url, preview_url, user_id,
       niche_id, license, duration_seconds, orientation, color_tone, mood, array['harbour', 'static'], width, height,
       'in_review'
     from clips where status = 'published' order by id limit 1
     returning id`,
  );
  clipId = inserted.rows[0]!.id;
  await client.query("insert into clip_analysis (clip_id, analyser_version, result) values ($1, $2, $3)", [
    clipId,
    ANALYSER_VERSION,
    JSON.stringify(PAN_WITH_A_CUT),
  ]);
});
afterAll(async () => {
  await client?.query("delete from clips where id = $1", [clipId]);
  await client?.end();
});

describe("review sees what the footage shows", () => {
  it("the review page flags a cut in a clip sold as one take, and a 'static' tag the measured pan contradicts; the overview shows suggestions kept", async () => {
    const page = await newPage();
    await signIn(page, DEVELOPER.email, DEVELOPER.password);
    await page.goto(`/staff/clips/${clipId}`);
    const panel = page.getByRole("region", { name: "What the footage shows" });
    await expectVisible(panel.getByText("Described as one shot, but the picture cuts once (at 3.5 s)."));
    await expectVisible(panel.getByRole("link", { name: "See 3.5 s" }));
    await expectVisible(panel.getByText(/Tagged “static”, but the camera measures as a pan to the right/));
    await expectVisible(panel.getByText("Pan right (90% of the frames agree)"));
    await page.goto("/staff");
    await expectVisible(page.getByRole("heading", { name: "Suggestions from the footage" }));
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(page, "/staff", theme);
      await screenshotIn("/staff", theme, undefined, DEVELOPER);
      await expectAccessibleIn(page, `/staff/clips/${clipId}`, theme);
      await screenshotIn(`/staff/clips/${clipId}`, theme, undefined, DEVELOPER);
      await screenshotIn(`/staff/clips/${clipId}`, theme, PHONE, DEVELOPER);
    }
  }, 120_000);
});
