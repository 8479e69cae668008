import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_TITLE, RESET_FILTERS } from "~/catalog/clips/catalog-content";
import { DURATION_MEDIUM_MAX_INCLUSIVE, DURATION_SHORT_MAX_EXCLUSIVE } from "~/constants";
import { DEMO_CLIPS } from "../../server/seed/demo-content";
import { expectAccessible, expectAt, expectVisible, newPage, searchBox } from "./browser";
import { lockCatalogue } from "./shared-locks";

const resultCount = async (page: Page) =>
  Number.parseInt((await page.getByTestId("result-count").textContent()) ?? "", 10);
const query = (page: Page) => new URL(page.url()).searchParams;
/** Waits until the shown count is the expected one (the URL changes a moment before the page). */
const expectCount = (page: Page, count: number) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="result-count"]')?.textContent?.startsWith(`${expected} `),
    count,
  );

async function openFilters(page: Page) {
  const details = page.getByTestId("filters");
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open)))
    await details.locator("summary").click();
}

// These tests count the demo catalogue; the studio journey publishes a clip only while unlocked.
let unlockCatalogue: () => void;
beforeAll(async () => {
  unlockCatalogue = await lockCatalogue();
});
afterAll(() => unlockCatalogue());

describe("explore videos", () => {
  it("lists the whole catalogue by default, with its count", async () => {
    const page = await newPage();
    await page.goto("/videos");
    expect(await resultCount(page)).toBe(DEMO_CLIPS.length);
  });

  it.each([
    ["License", "Extended", "license", (clip: (typeof DEMO_CLIPS)[number]) => clip.license === "extended"],
    [
      "Orientation",
      "Portrait",
      "orientation",
      (clip: (typeof DEMO_CLIPS)[number]) => clip.orientation === "portrait",
    ],
    ["Color tone", "Cool", "tone", (clip: (typeof DEMO_CLIPS)[number]) => clip.colorTone === "cool"],
    ["Mood", "Calm", "mood", (clip: (typeof DEMO_CLIPS)[number]) => clip.mood === "calm"],
  ] as const)("the %s filter narrows the results", async (group, option, param, keep) => {
    const page = await newPage();
    await page.goto("/videos");
    await openFilters(page);
    await page
      .getByRole("group", { name: group })
      .getByRole("link", { name: new RegExp(`^${option} \\d`) })
      .click();
    await page.waitForURL(`**/videos?${param}=*`);
    const expected = DEMO_CLIPS.filter(keep).length;
    expect(expected).toBeLessThan(DEMO_CLIPS.length);
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="result-count"]')?.textContent?.startsWith(`${count} `),
      expected,
    );
    expect(query(page).get(param)).toBe(option.toLowerCase());
  });

  it("the duration filter narrows the results, and several durations widen them again", async () => {
    const short = DEMO_CLIPS.filter((clip) => clip.durationSeconds < DURATION_SHORT_MAX_EXCLUSIVE).length;
    const medium = DEMO_CLIPS.filter(
      (clip) =>
        clip.durationSeconds >= DURATION_SHORT_MAX_EXCLUSIVE &&
        clip.durationSeconds <= DURATION_MEDIUM_MAX_INCLUSIVE,
    ).length;
    // The demo catalogue has clips in every band, so each filter shows some and hides others.
    expect(short).toBeGreaterThan(0);
    expect(medium).toBeGreaterThan(0);
    expect(short + medium).toBeLessThan(DEMO_CLIPS.length);
    const page = await newPage();
    await page.goto("/videos");
    await openFilters(page);
    const durations = page.getByRole("group", { name: "Duration" });
    await durations.getByRole("link", { name: /Short/ }).click();
    await page.waitForURL("**/videos?duration=short");
    await expectCount(page, short);
    await durations.getByRole("link", { name: /Medium/ }).click();
    await page.waitForURL("**/videos?duration=short&duration=medium");
    await expectCount(page, short + medium);
  });

  it("filters combine, live in the URL and the Back button undoes them", async () => {
    const page = await newPage();
    await page.goto("/videos?q=city");
    await openFilters(page);
    await page.getByRole("group", { name: "License" }).getByRole("link", { name: "Extended" }).click();
    await expectAt(page, "/videos?q=city&license=extended");
    await expectVisible(page.getByRole("link", { name: "Wave Facade in Black and White" }));
    await page.goBack();
    await expectAt(page, "/videos?q=city");
  });

  it("selecting a niche shows its sub-niches; choosing it again deselects it and clears the sub-niche", async () => {
    const page = await newPage();
    await page.goto("/videos");
    const browse = page.getByRole("region", { name: "Browse by Niche" });
    await browse.getByRole("link", { name: /Nature & Travel/ }).click();
    await expectAt(page, "/videos?niche=nature");
    await browse.getByRole("link", { name: "Mountains" }).click();
    await expectAt(page, "/videos?niche=nature&sub=Mountains");
    await expectCount(page, DEMO_CLIPS.filter((clip) => clip.subNiche === "Mountains").length);
    // Another niche clears the sub-niche.
    await browse.getByRole("link", { name: /Technology/ }).click();
    await expectAt(page, "/videos?niche=technology");
    await expectCount(page, DEMO_CLIPS.filter((clip) => clip.nicheId === "technology").length);
    await browse.getByRole("link", { name: /Technology/ }).click();
    await expectAt(page, "/videos");
  });

  it("Reset All Filters clears the text, niche, sub-niche and all five filters", async () => {
    const page = await newPage();
    await page.goto(
      "/videos?q=yacht&niche=luxury&sub=Yachts&license=extended&duration=short&orientation=landscape&tone=warm&mood=cinematic",
    );
    const matching = DEMO_CLIPS.filter(
      (clip) =>
        // Search reads the title, tags, niche and sub-niche names and the description.
        [clip.title, clip.description, clip.subNiche, ...clip.tags].some((text) => /yacht/i.test(text)) &&
        clip.nicheId === "luxury" &&
        clip.subNiche === "Yachts" &&
        clip.license === "extended" &&
        clip.durationSeconds < DURATION_SHORT_MAX_EXCLUSIVE &&
        clip.orientation === "landscape" &&
        clip.colorTone === "warm" &&
        clip.mood === "cinematic",
    ).length;
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(DEMO_CLIPS.length);
    expect(await resultCount(page)).toBe(matching);
    await page.getByRole("link", { name: RESET_FILTERS }).first().click();
    await page.waitForURL((url) => url.pathname === "/videos" && url.search === "");
    await expectCount(page, DEMO_CLIPS.length);
    expect(await searchBox(page).inputValue()).toBe("");
  });

  it("a misspelt search still finds its clip", async () => {
    const page = await newPage();
    await page.goto("/videos");
    await searchBox(page).fill("techology");
    await searchBox(page).press("Enter");
    await expectAt(page, "/videos?q=techology");
    await expectVisible(page.getByRole("link", { name: "Hexagon Tiles over a Nebula" }));
    await page.goto("/videos?q=luxery");
    await expectVisible(page.getByRole("link", { name: "Wooden Boats at Golden Hour" }));
  });

  it("the preview overlay is a dialog: keyboard opens it, focus stays inside, Esc closes it and focus returns", async () => {
    const page = await newPage();
    await page.goto("/videos?q=yacht");
    const trigger = page.getByRole("button", { name: "Preview Wooden Boats at Golden Hour" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Wooden Boats at Golden Hour" });
    await dialog.waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Radix hands focus back a task after the dialog unmounts.
    await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("the search box's placeholder names the search type and rotates its suggestion", async () => {
    const page = await newPage();
    await page.goto("/videos");
    const box = searchBox(page);
    const first = await box.getAttribute("placeholder");
    expect(first).toMatch(/^Search videos…/);
    await page.waitForFunction(
      (before) => document.querySelector("input[type=search]")?.getAttribute("placeholder") !== before,
      first,
      { timeout: 5_000 },
    );
    await page.getByText("Niches", { exact: true }).click();
    await expect.poll(() => box.getAttribute("placeholder")).toMatch(/^Search niches…/);
  });

  it("shows Top Searched This Week with the first three niches and the licensing links", async () => {
    const page = await newPage();
    await page.goto("/videos");
    const top = page.getByRole("region", { name: "Top Searched This Week" });
    expect(await top.getByRole("link").count()).toBe(3);
    expect(await page.getByRole("link", { name: "Terms of Service" }).first().getAttribute("href")).toBe(
      "/terms",
    );
    expect(await page.locator('main a[href="/licensing"]').count()).toBeGreaterThan(0);
  });

  it("has no serious accessibility violations", async () => {
    const page = await newPage();
    await page.goto("/videos?niche=luxury");
    await openFilters(page);
    await expectAccessible(page);
  });
});

describe("search page", () => {
  it("shows real results for the query, with Back to home", async () => {
    const page = await newPage();
    await page.goto("/search?q=yacht");
    await expectVisible(page.getByRole("heading", { name: "Search Results" }));
    await expectVisible(page.getByText('Showing video results for: "yacht"'));
    await expectVisible(page.getByRole("link", { name: /Wooden Boats at Golden Hour/ }));
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("shows the empty state when nothing matches", async () => {
    const page = await newPage();
    await page.goto("/search?q=zzzqqqxx");
    await page.getByText(EMPTY_TITLE).waitFor();
    await expectAccessible(page);
  });
});
