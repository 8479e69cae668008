import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ANALYSER_VERSION, type ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, signInByCookie } from "./accounts-helpers";
import { expectAccessibleIn, expectVisible, newPage, PHONE } from "./browser";
import { screenshotIn } from "./screenshots";
import { lockCatalogue } from "./shared-locks";

const CREATOR = { email: "maya@verdeo.local", password: DEMO_PASSWORD };
const DEVELOPER = { email: "dev@verdeo.local", password: DEMO_PASSWORD };
const TITLE = `Rower At Dawn ${Date.now().toString(36)}`;

/** One recognisable person in most sampled frames (what the people model stores). */
const ONE_PERSON: ClipAnalysisResult = {
  colour: { palette: [], brightness: 50, contrast: 20, warmShare: 0, timeOfDay: "day" },
  camera: { motion: "static", confidence: 0.9, panFraction: 0, tiltFraction: 0, zoom: 1 },
  shots: { cuts: 0, singleShot: true, cutTimes: [] },
  seconds: 8,
  people: {
    maxCount: 1,
    frameShare: 0.9,
    recognisableFaces: 1,
    frames: [{ second: 2, persons: 1, faces: 1 }],
  },
};
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let client: pg.Client;
let clipId: number;
// The clip is published below: tests that count the demo catalogue wait until it is gone again.
let unlockCatalogue: () => void;
beforeAll(async () => {
  unlockCatalogue = await lockCatalogue();
  client = await connectToServerDatabase(inject("dataDir"));
  const inserted = await client.query<{ id: number }>(
    `insert into clips (title, description, thumbnail_url, video_url, preview_url, user_id, niche_id, license,
       duration_seconds, orientation, color_tone, mood, tags, width, height, status)
     select $1, 'A rower pulls past the camera at dawn.', c.thumbnail_url, c.video_url, c.preview_url, u.id,
       c.niche_id, c.license, c.duration_seconds, c.orientation, c.color_tone, c.mood, array['rower'], c.width,
       c.height, 'in_review'
     from clips c, "user" u where c.status = 'published' and u.email = $2 order by c.id limit 1
     returning id`,
    [TITLE, CREATOR.email],
  );
  clipId = inserted.rows[0]!.id;
  await client.query("insert into clip_analysis (clip_id, analyser_version, result) values ($1, $2, $3)", [
    clipId,
    ANALYSER_VERSION,
    JSON.stringify(ONE_PERSON),
  ]);
});
afterAll(async () => {
  await client?.query("delete from clips where id = $1", [clipId]);
  await client?.end();
  unlockCatalogue?.();
});

describe("releases for clips with people", () => {
  it("a clip with a person and no release is flagged in review and cannot be approved for commercial use until a release is attached", async () => {
    const staff = await newPage();
    await signInByCookie(staff, DEVELOPER.email, DEVELOPER.password);
    await staff.goto("/staff/review");
    const card = staff.getByRole("listitem").filter({ hasText: TITLE });
    await expectVisible(card.getByText("People, no release"));

    await staff.goto(`/staff/clips/${clipId}`);
    await staff.getByRole("button", { name: "Approve and publish" }).click();
    await expectVisible(
      staff
        .getByRole("alert")
        .filter({ hasText: "The analysis shows 1 recognisable person and no model release is attached." }),
    );
    expect(new URL(staff.url()).pathname).toBe(`/staff/clips/${clipId}`);
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(staff, "/staff/review", theme);
      await screenshotIn("/staff/review", theme, undefined, DEVELOPER);
      await screenshotIn("/staff/review", theme, PHONE, DEVELOPER);
    }

    // The creator reads why in the studio and attaches a model release for one person.
    const creator = await newPage();
    await signInByCookie(creator, CREATOR.email, CREATOR.password);
    await creator.goto(`/studio/clips/${clipId}`);
    const releases = creator.getByRole("region", { name: "Releases" });
    await expectVisible(releases.getByText(/no model release is attached/));
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(creator, `/studio/clips/${clipId}`, theme);
      await screenshotIn(`/studio/clips/${clipId}`, theme, undefined, CREATOR);
      await screenshotIn(`/studio/clips/${clipId}`, theme, PHONE, CREATOR);
    }
    await creator.goto(`/studio/clips/${clipId}`);
    await releases.getByLabel("Kind").selectOption("model");
    await releases.getByLabel("People it covers").fill("1");
    await releases
      .getByLabel("File")
      .setInputFiles({ name: "rower-release.pdf", mimeType: "application/pdf", buffer: PDF });
    await releases.getByRole("button", { name: "Attach release" }).click();
    await expectVisible(creator.getByTestId("toast").filter({ hasText: "Release attached." }));
    await expectVisible(releases.getByRole("link", { name: "rower-release.pdf" }));
    await expect(releases.getByText(/no model release is attached/).count()).resolves.toBe(0);

    // Staff see it listed; its link opens the file for staff, and for no one signed out.
    await staff.goto(`/staff/clips/${clipId}`);
    const panel = staff.getByRole("region", { name: "Releases" });
    await expectVisible(panel.getByText("Model release · 1 person"));
    const href = await panel.getByRole("link", { name: "rower-release.pdf" }).getAttribute("href");
    const opened = await staff.request.get(href!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toContain("application/pdf");
    const anonymous = await newPage();
    const refused = await anonymous.request.get(href!);
    expect(refused.headers()["content-type"] ?? "").not.toContain("application/pdf");
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(staff, `/staff/clips/${clipId}`, theme);
      await screenshotIn(`/staff/clips/${clipId}`, theme, undefined, DEVELOPER);
      await screenshotIn(`/staff/clips/${clipId}`, theme, PHONE, DEVELOPER);
    }

    await staff.goto(`/staff/clips/${clipId}`);
    await staff.getByRole("button", { name: "Approve and publish" }).click();
    await staff.waitForURL("**/staff/review");
    await expectVisible(staff.getByTestId("toast").filter({ hasText: "Approved: the clip is published." }));

    // Buyers find it under one person, with releases.
    const buyer = await newPage();
    await buyer.goto("/videos?q=rower");
    await buyer.getByTestId("filters").locator("summary").click();
    await buyer
      .getByRole("group", { name: "People" })
      .getByRole("link", { name: /^One person 1/ })
      .click();
    await buyer.waitForURL("**/videos?*people=one*");
    await buyer
      .getByRole("group", { name: "Releases" })
      .getByRole("link", { name: /^With releases only 1/ })
      .click();
    await buyer.waitForURL("**/videos?*releases=covered*");
    await expectVisible(buyer.getByRole("link", { name: new RegExp(TITLE) }).first());
    const path = "/videos?q=rower&people=one&releases=covered";
    for (const theme of ["light", "dark"] as const) {
      await expectAccessibleIn(buyer, path, theme);
      await screenshotIn(path, theme);
      await screenshotIn(path, theme, PHONE);
    }
  }, 240_000);
});
