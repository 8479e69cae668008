import { statSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { connectToServerDatabase } from "../support/commerce-http";
import { videoFile } from "../support/video-files";
import { DEMO_PASSWORD, signIn } from "./accounts-helpers";
import { newPage } from "./browser";
import { lockCatalogue } from "./shared-locks";

/** A creator's journey: upload (with a reload mid-way), details, review, published and findable. */
const CREATOR = "maya@verdeo.local";
const DEVELOPER = "dev@verdeo.local";
const word = `Zephyr${Date.now().toString(36)}`;
let video: string;

beforeAll(() => {
  // A real 1080p H.264 clip, big enough (noise compresses badly) that the upload takes a few seconds.
  video = videoFile("harbour-at-dawn.mp4", {
    source: "testsrc2=s=1920x1080:r=25,noise=alls=30:allf=t",
    seconds: 6,
    crf: 16,
  });
});

/** Slows the page's uploads so a reload can happen mid-way. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function progressOf(page: Page) {
  return Number(await page.getByRole("progressbar").first().getAttribute("aria-valuenow"));
}

describe("creator studio", () => {
  it("uploads a 1080p clip with progress, resumes after a reload, fills details, and after approval it is on /videos and in search", async () => {
    const size = statSync(video).size;
    const page = await newPage();
    await signIn(page, CREATOR, DEMO_PASSWORD);
    await page.goto("/studio/upload");
    await throttleUploads(page, Math.ceil(size / 8));

    await page.getByLabel("Video file").setInputFiles(video);
    await expect.poll(() => progressOf(page), { timeout: 20_000 }).toBeGreaterThan(10);
    const before = await progressOf(page);
    expect(before).toBeLessThan(100);

    await page.reload();
    await page.getByText(/Unfinished: harbour-at-dawn\.mp4/).waitFor();
    await page.getByLabel("Video file").setInputFiles(video);
    await page.getByText(/resumed/).waitFor();
    await page.getByRole("link", { name: "Open clip" }).waitFor({ timeout: 60_000 });
    await page.getByRole("link", { name: "Open clip" }).click();
    await page.waitForURL(/\/studio\/clips\/\d+$/);
    const clipUrl = new URL(page.url()).pathname;

    // Processing runs in the background; the page refreshes itself until it is done.
    await page.getByText("Needs details").first().waitFor({ timeout: 180_000 });
    await expect.poll(() => page.getByText("1920x1080").count()).toBe(1);

    await page.getByLabel("Title").fill(`Harbour ${word} at dawn`);
    await page.getByLabel("Description").fill("Test footage of a quiet harbour.");
    await page.getByLabel("Niche", { exact: true }).selectOption("nature");
    await page.getByLabel("Sub-niche").selectOption("Oceans");
    await page.getByLabel("Tags").fill("harbour, dawn, sea");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.waitForURL("**/studio");
    await page.getByText(`Harbour ${word} at dawn`).waitFor();
    await page.goto(clipUrl);
    await page.getByText("In review").first().waitFor();

    // Other browser tests count the demo catalogue on this shared server: they wait while the
    // clip is published, and find the catalogue as it was once it is removed again.
    const unlockCatalogue = await lockCatalogue();
    try {
      await publishAndFind(clipUrl);
    } finally {
      await removeClip(Number(clipUrl.split("/").pop()));
      unlockCatalogue();
    }
  }, 600_000);

  it("sends visitors to log in and users without the creator role to the creators hub", async () => {
    const page = await newPage();
    await page.goto("/studio");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signIn(page, "buyer@verdeo.local", DEMO_PASSWORD);
    await page.goto("/studio");
    expect(new URL(page.url()).pathname).toBe("/creators-hub");
  });
});

/** The staff console's approve action calls the studio's approveClip service; then anyone finds it. */
async function publishAndFind(clipUrl: string) {
  const staff = await newPage();
  await signIn(staff, DEVELOPER, DEMO_PASSWORD);
  await staff.goto(`/staff/clips/${clipUrl.split("/").pop()}`);
  await staff.getByRole("button", { name: "Approve and publish" }).click();
  await staff.waitForURL("**/staff/review");

  const visitor = await newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/videos?q=${word}`);
        return visitor.getByText(`Harbour ${word} at dawn`).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await visitor.goto(`/search?q=${word.toLowerCase()}`);
  await visitor.getByText(`Harbour ${word} at dawn`).first().waitFor();
}

/** Deletes the clip straight in the test server's database. */
async function removeClip(id: number) {
  const client = await connectToServerDatabase(inject("dataDir"));
  try {
    await client.query("delete from clips where id = $1", [id]);
  } finally {
    await client.end();
  }
}
