import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { APPLICATION_TEXTS } from "~/accounts/applications/creator-application";
import { THEME_STORAGE_KEY } from "~/constants";
import { royaltyShare } from "~/content/texts";
import { MEDIA_FAILURES } from "~/media/renditions/media-rules";
import { CLIP_MAILS } from "~/studio/clips/clip-mails";
import { DEMO_NICHES } from "../../server/seed/demo-content";
import { videoFile } from "../support/video-files";
import { DEMO_PASSWORD, fillSignUp, newAccount, signInByCookie } from "./accounts-helpers";
import { expectAccessible, newPage, PHONE } from "./browser";
import { clipsDeletedAfterAll } from "./uploaded-clips";

/** A creator finds the studio from anywhere, follows an upload to "Needs details", and hears by mail. */
const CREATOR = "kenji@verdeo.local";
const uploaded = clipsDeletedAfterAll();

let good: string;
let small: string;
beforeAll(() => {
  good = videoFile(`lantern-${Date.now().toString(36)}.mp4`);
  small = videoFile(`pebble-${Date.now().toString(36)}.mp4`, { width: 320, height: 240 });
});

async function creatorPage(options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options);
  await signInByCookie(page, CREATOR, DEMO_PASSWORD);
  return page;
}

async function darkened(page: Page) {
  await page.context().addInitScript((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
}

/** The title an upload starts with (studio's titleFromFileName): "lantern-x1.mp4" → "lantern x1". */
const titleOf = (fileName: string) => fileName.replace(/\.mp4$/, "").replace(/-/g, " ");

/** Mails the server wrote to its outbox for `to` (no SMTP on the test server). */
async function outboxFor(to: string) {
  const outbox = path.join(inject("dataDir"), "outbox");
  const mails: { to: string; subject: string; text: string }[] = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8"));
    if (mail.to === to) mails.push(mail);
  }
  return mails;
}

describe("a creator's way back to the studio", () => {
  it("the account menu has Studio and Earnings; the profile and the hub open /studio", async () => {
    const page = await creatorPage();
    await page.goto("/");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Earnings" }).waitFor();
    await page.getByRole("menuitem", { name: "Studio" }).click();
    await page.waitForURL("**/studio");
    await page.getByRole("heading", { name: "Your clips" }).waitFor();

    await page.goto("/profile");
    await page.getByRole("link", { name: "Studio", exact: true }).click();
    await page.waitForURL("**/studio");

    await page.goto("/creators-hub");
    const open = page.getByRole("link", { name: "Open the studio" });
    expect(await open.count()).toBeGreaterThan(0);
    for (const link of await open.all()) expect(await link.getAttribute("href")).toBe("/studio");
  });

  it("a buyer's menu has neither", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await page.goto("/");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "My Profile" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Studio" }).count()).toBe(0);
  });
});

describe("the upload page after the last byte", () => {
  it("follows processing live to Needs details with a link to the details; a failed file shows its reason, no progress", async () => {
    const page = await creatorPage();
    // In dark (light is checked on the clip page and the empty upload page below).
    await page.context().addInitScript((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
    await page.goto("/studio/upload");
    await page.getByLabel("Video file").setInputFiles([good, small]);
    const goodName = path.basename(good);
    const smallName = path.basename(small);

    await page.getByRole("progressbar", { name: `Processing of ${goodName}` }).waitFor({ timeout: 60_000 });
    const details = page.getByRole("link", { name: `Add details to ${goodName}` });
    await details.waitFor({ timeout: 180_000 });
    await page.getByText("Needs details").first().waitFor();
    expect(await page.getByRole("progressbar", { name: `Processing of ${goodName}` }).count()).toBe(0);

    const failure = page.getByRole("alert").filter({ hasText: MEDIA_FAILURES.tooSmall });
    await failure.waitFor({ timeout: 60_000 });
    expect(await page.getByRole("progressbar", { name: `Processing of ${smallName}` }).count()).toBe(0);
    await expectAccessible(page);

    // The mails went out through the queue: processed with the link, failed with the reason.
    await expect
      .poll(async () => (await outboxFor(CREATOR)).map((mail) => mail.subject), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          CLIP_MAILS.processed.subject(titleOf(goodName)),
          CLIP_MAILS.failed.subject(titleOf(smallName)),
        ]),
      );

    await details.click();
    await page.waitForURL(/\/studio\/clips\/\d+$/);
    uploaded.push(Number(page.url().split("/").pop()));
    await page.getByLabel("Title").waitFor();
    await expectAccessible(page);
  }, 300_000);
});

describe("the details form", () => {
  it("lists only the chosen niche's sub-niches", async () => {
    const page = await creatorPage();
    const clipId = uploaded[0];
    expect(clipId).toBeDefined();
    await page.goto(`/studio/clips/${clipId}`);
    await page.getByLabel("Niche", { exact: true }).selectOption("technology");
    const options = await page.getByLabel("Sub-niche").locator("option").allTextContents();
    const technology = DEMO_NICHES.find((niche) => niche.id === "technology")!;
    expect(options).toEqual(["None", ...technology.subNiches]);
    await page.getByLabel("Niche", { exact: true }).selectOption("nature");
    expect(await page.getByLabel("Sub-niche").locator("option").allTextContents()).toContain("Oceans");
    await expectAccessible(page);
    await page.goto("/studio/upload");
    await expectAccessible(page);
  });
});

describe("an applicant", () => {
  it("reads the revenue share before applying, and after signing up comes back to the application", async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto("/creators-hub");
    await page.getByText(royaltyShare(50)).first().waitFor();
    await page.getByRole("link", { name: "sign up" }).click();
    await page.waitForURL(/\/signup\?redirectTo=/);
    const account = newAccount();
    await fillSignUp(page, account);
    await page.getByText("Username is available").waitFor();
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
    await page.waitForURL(/\/creators-hub#apply$/);
    await page.getByLabel("Portfolio link").fill("https://vimeo.com/ada-films");
    await page.getByLabel("What do you shoot?").fill("Harbours and lighthouses at dawn.");
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Apply as a creator" }).click();
    await page.getByText(APPLICATION_TEXTS.alreadyPending).waitFor();
    await expectAccessible(page);
    await expect
      .poll(async () => (await outboxFor(account.email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain(APPLICATION_TEXTS.receivedMailSubject);
  });

  it("the hub is accessible in light and dark", async () => {
    const page = await newPage();
    await page.goto("/creators-hub");
    await expectAccessible(page);
    await darkened(page);
    await expectAccessible(page);
  });
});
