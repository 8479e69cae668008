import { describe, expect, it } from "vitest";
import { HOME_CATEGORIES, NICHE_BROWSER_ID, TOP_SEARCHES, topicPath } from "~/catalog/clips/catalog-content";
import { expectAccessible, expectAt, expectVisible, newPage } from "./browser";

describe("home", () => {
  it("the hero search goes to /videos with the trimmed, URL-encoded text", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByPlaceholder("Search stock videos…").fill("  ocean waves & sand ");
    await page.keyboard.press("Enter");
    await expectAt(page, "/videos?q=ocean%20waves%20%26%20sand");
    await expectVisible(page.getByRole("heading", { name: "Explore Videos" }));
  });

  it("a blank search does nothing", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByPlaceholder("Search stock videos…").fill("    ");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/");
  });

  it("a category chip searches for its name", async () => {
    const page = await newPage();
    await page.goto("/");
    const strip = page.getByRole("navigation", { name: "Categories" });
    for (const category of HOME_CATEGORIES)
      await expectVisible(strip.getByRole("link", { name: category, exact: true }).first());
    // The strip keeps moving, and a loaded machine clicks where the chip was a moment ago: the
    // keyboard reaches the chip wherever it is.
    await strip.getByRole("link", { name: "Technology", exact: true }).first().focus();
    await page.keyboard.press("Enter");
    await expectAt(page, "/videos?q=Technology");
  });

  it("a top search topic goes to its niche on explore; the top three are large cards", async () => {
    const page = await newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "Top Searches This Week" });
    expect(await section.getByRole("link").count()).toBe(TOP_SEARCHES.length);
    expect(await section.locator("ol").first().getByRole("link").count()).toBe(3);
    await section.getByRole("link", { name: /Tech & Innovation/ }).click();
    await expectAt(page, topicPath(TOP_SEARCHES[1]!));
  });

  it("a preview opens its clip page in the same tab, like every other card", async () => {
    const page = await newPage();
    await page.goto("/");
    const preview = page.locator('[data-preview-id="2"]').first();
    expect(await preview.getAttribute("target")).toBeNull();
    // Moving, like the chips: opened from the keyboard, which a mouse click also does.
    await preview.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/video/2");
    expect(page.context().pages()).toHaveLength(1);
    await page.getByRole("heading", { level: 1 }).waitFor();
  });

  it("shows twenty previews three times each, fetching video only for those near the screen", async () => {
    const page = await newPage();
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/media/clips/")) videoRequests.push(request.url());
    });
    await page.goto("/");
    await page.locator("#preview-caption").waitFor();
    expect(await page.locator("[data-preview-id]").count()).toBe(60);
    // Clip 1 is on screen at load and starts 150 ms after mount.
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[data-preview-id="1"] video');
        return video && !video.paused && video.currentTime > 0;
      },
      undefined,
      { timeout: 45_000 },
    );
    const loaded = await page.locator('video[data-loaded="true"]').count();
    expect(loaded).toBeGreaterThan(0);
    expect(loaded).toBeLessThan(30);
    expect(new Set(videoRequests).size).toBeLessThan(30);
    // The third copy of the top row is far off screen: no source, nothing fetched.
    expect(await page.locator('[data-preview-id="10"] video').last().getAttribute("data-loaded")).toBe(
      "false",
    );
  });

  it("pauses a preview when it scrolls off screen", async () => {
    const page = await newPage();
    await page.goto("/");
    // A browser test beside this one may be transcoding an upload: playback can take a while to start.
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[data-preview-id="1"] video');
        return video && !video.paused;
      },
      undefined,
      { timeout: 45_000 },
    );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector<HTMLVideoElement>('[data-preview-id="1"] video')?.paused,
    );
    expect(
      await page.evaluate(
        () => document.querySelector<HTMLVideoElement>('[data-preview-id="1"] video')?.paused,
      ),
    ).toBe(true);
  });

  it("with reduced motion the strips stand still and nothing autoplays", async () => {
    const page = await newPage({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.locator("#preview-caption").waitFor();
    await page.waitForTimeout(1_500);
    const animations = await page
      .getByTestId("marquee-track")
      .evaluateAll((tracks) => tracks.map((track) => getComputedStyle(track).animationName));
    expect(animations).toEqual(["none", "none", "none"]);
    expect(await page.locator('video[data-loaded="true"]').count()).toBe(0);
    const playing = await page
      .locator("video")
      .evaluateAll((videos) => videos.filter((video) => !(video as HTMLVideoElement).paused));
    expect(playing).toHaveLength(0);
  });

  it("the closing buttons go to explore and to its niche browser", async () => {
    const page = await newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "What you can create" });
    expect(await section.getByRole("link", { name: "Explore Videos" }).getAttribute("href")).toBe("/videos");
    expect(await section.getByRole("link", { name: "Browse Niches" }).getAttribute("href")).toBe(
      `/videos#${NICHE_BROWSER_ID}`,
    );
    for (const title of ["Brand Ad Starter", "Website Hero That Pops", "Social Reel in Minutes"]) {
      await section.getByRole("heading", { name: title }).waitFor();
    }
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`has no serious accessibility violations in ${colorScheme}`, async () => {
      const page = await newPage({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/");
      if (colorScheme === "dark") await page.getByTestId("theme-toggle").click();
      await expectAccessible(page);
    });
  }
});
