import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_PASSWORD, signInByCookie } from "./accounts-helpers";
import { newPage } from "./browser";

/** Journeys done with the keyboard alone: Tab to each control, Enter or Space to use it. */

/** Presses Tab until `target` has the focus; fails if it is never reached (not focusable, or hidden). */
async function tabTo(page: Page, target: Locator, most = 80) {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((element) => document.activeElement === element, handle)) return;
  }
  throw new Error(`${target} was not reached with ${most} presses of Tab`);
}

const uploaded: number[] = [];
afterAll(async () => {
  if (uploaded.length === 0) return;
  const client = await connectToServerDatabase(inject("dataDir"));
  try {
    await client.query("delete from clips where id = any($1)", [uploaded]);
  } finally {
    await client.end();
  }
});

describe("by keyboard alone", () => {
  it("a visitor searches, narrows the results with a filter and opens a clip", async () => {
    const page = await newPage();
    await page.goto("/");
    await tabTo(page, page.getByRole("combobox", { name: /search/i }).first());
    await page.keyboard.type("lake");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/videos\?q=lake/);
    const filters = page.locator("summary", { hasText: "Filters" }).first();
    await tabTo(page, filters);
    await page.keyboard.press("Enter");
    const landscape = page.getByRole("link", { name: /^Landscape/ }).first();
    await tabTo(page, landscape);
    await page.keyboard.press("Enter");
    await page.waitForURL(/orientation=landscape/);
    const firstClip = page.locator('a[href^="/video/"]').first();
    const href = await firstClip.getAttribute("href");
    await tabTo(page, firstClip, 160);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**${href}`);
  });

  it("a creator chooses a file to upload and opens the new clip", async () => {
    const video = path.join(mkdtempSync(path.join(tmpdir(), "verdeo-e2e-video-")), "keyboard-clip.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
      ...["-i", "testsrc2=s=1280x720:r=25", "-t", "3"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", video],
    ]);
    const page = await newPage();
    await signInByCookie(page, "maya@verdeo.local", DEMO_PASSWORD);
    await page.goto("/studio/upload");
    await tabTo(page, page.getByLabel("Video file"));
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
    await chooser.setFiles(video);
    const open = page.getByRole("link", { name: "Open clip" });
    await open.waitFor({ timeout: 60_000 });
    await tabTo(page, open);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/studio\/clips\/\d+$/);
    uploaded.push(Number(page.url().split("/").pop()));
    expect(uploaded[0]).toBeGreaterThan(0);
  }, 120_000);
});
