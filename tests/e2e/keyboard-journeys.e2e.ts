import { describe, expect, it } from "vitest";
import { videoFile } from "../support/video-files";
import { DEMO_PASSWORD, signInByCookie } from "./accounts-helpers";
import { expectAt, newPage, tabTo } from "./browser";
import { clipsDeletedAfterAll } from "./uploaded-clips";

/** Journeys done with the keyboard alone: Tab to each control, Enter or Space to use it. */

const uploaded = clipsDeletedAfterAll();

describe("by keyboard alone", () => {
  it("a visitor searches, narrows the results with a filter and opens a clip", async () => {
    const page = await newPage();
    await page.goto("/");
    await tabTo(page, page.getByRole("combobox", { name: /search/i }).first());
    await page.keyboard.type("lake");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/videos\?q=lake/);
    expect(page.url()).toMatch(/\/videos\?q=lake/);
    const filters = page.locator("summary", { hasText: "Filters" }).first();
    await tabTo(page, filters);
    await page.keyboard.press("Enter");
    const landscape = page.getByRole("link", { name: /^Landscape/ }).first();
    await tabTo(page, landscape);
    await page.keyboard.press("Enter");
    await page.waitForURL(/orientation=landscape/);
    expect(page.url()).toMatch(/orientation=landscape/);
    const firstClip = page.locator('a[href^="/video/"]').first();
    const href = await firstClip.getAttribute("href");
    await tabTo(page, firstClip, 160);
    await page.keyboard.press("Enter");
    await expectAt(page, href ?? "");
  });

  it("a visitor chooses a plan and places the order", async () => {
    const page = await newPage();
    await page.goto("/pricing");
    await tabTo(page, page.getByTestId("plan-creator").getByRole("button", { name: /^Choose/ }));
    await page.keyboard.press("Enter");
    await expectAt(page, "/checkout");
    await tabTo(page, page.locator("main").getByLabel("Email"));
    await page.keyboard.type("keyboard-buyer@example.com");
    await tabTo(page, page.getByRole("checkbox", { name: /I agree/ }));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Place order" }));
    await page.keyboard.press("Enter");
    await expectAt(page, "/checkout/success");
  });

  it("a creator chooses a file to upload and opens the new clip", async () => {
    const video = videoFile("keyboard-clip.mp4", { seconds: 3 });
    const page = await newPage();
    await signInByCookie(page, "maya@verdeo.local", DEMO_PASSWORD);
    await page.goto("/studio/upload");
    // Listening first: Playwright intercepts the file dialog only once it is asked to (a CDP round trip).
    const choosing = page.waitForEvent("filechooser");
    await tabTo(page, page.getByLabel("Video file"));
    await page.keyboard.press("Space");
    await (await choosing).setFiles(video);
    const open = page.getByRole("link", { name: "Open clip" });
    await open.waitFor({ timeout: 60_000 });
    await tabTo(page, open);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/studio\/clips\/\d+$/);
    uploaded.push(Number(page.url().split("/").pop()));
    expect(uploaded[0]).toBeGreaterThan(0);
  }, 120_000);
});
