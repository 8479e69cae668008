import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NICHE_BROWSER_ID,
  noNicheMatches,
  previewCaption,
  TOP_SEARCHES,
  TRENDING_CHIPS,
} from "~/catalog/clips/catalog-content";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { formatMessage } from "~/platform/i18n/messages";
import { signInByCookie } from "./accounts-helpers";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  expectAt,
  expectVisible,
  getBrowser,
  newPage,
  PHONE,
  searchBox,
  VISITOR_LOCALE,
} from "./browser";
import { focusRingProblems } from "./focus-ring";
import { lockCatalogue } from "./shared-locks";

/** The main pages a visitor walks through. */
const MAIN_PAGES = ["/", "/videos", "/search?q=ocean", "/video/1", "/pricing", "/profile/demo-creator-maya"];
/** Pages that show no picture of their own (their checks only see that none is broken). */
const WITHOUT_IMAGES = ["/pricing"];

/** A page with scripts off: nothing hydrates, so goto must not wait for it as newPage's does. */
async function pageWithoutScripts(options: Parameters<typeof newPage>[0] = {}) {
  const context = await (await getBrowser()).newContext({
    baseURL: baseURL(),
    viewport: DESKTOP,
    locale: VISITOR_LOCALE,
    javaScriptEnabled: false,
    ...options,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Every image, poster and video source the page names (lazy ones too: read from the markup). */
async function mediaSources(page: Page) {
  return page.evaluate(() => {
    const urls = new Set<string>();
    const add = (value: string | null | undefined) => {
      if (value && !value.startsWith("data:")) urls.add(new URL(value, location.href).href);
    };
    for (const image of document.querySelectorAll("img")) {
      add(image.getAttribute("src"));
      for (const candidate of (image.getAttribute("srcset") ?? "").split(","))
        add(candidate.trim().split(/\s+/)[0]);
    }
    for (const video of document.querySelectorAll("video")) {
      add(video.getAttribute("poster"));
      add(video.getAttribute("src"));
      add(video.dataset.src);
    }
    for (const source of document.querySelectorAll("source")) add(source.getAttribute("src"));
    for (const element of document.querySelectorAll<HTMLElement>("[style*='url(']"))
      for (const match of element.style.backgroundImage.matchAll(/url\("?([^")]+)"?\)/g)) add(match[1]);
    return [...urls];
  });
}

/** The number of published clips, as explore counts them. */
async function catalogueSize(page: Page) {
  await page.goto("/videos");
  return Number((await page.getByTestId("result-count").textContent())!.replace(/\D/g, ""));
}

let unlockCatalogue: () => void;
beforeAll(async () => {
  unlockCatalogue = await lockCatalogue();
});
afterAll(() => unlockCatalogue?.());

describe("every image a page names loads", () => {
  it.each(MAIN_PAGES)("%s: every image, poster and video source answers 200", async (path) => {
    const page = await newPage();
    await page.goto(path);
    const sources = await mediaSources(page);
    if (!WITHOUT_IMAGES.includes(path)) expect(sources.length).toBeGreaterThan(0);
    const broken: string[] = [];
    for (const url of sources) {
      const response = await page.request.get(url);
      if (response.status() !== 200) broken.push(`${response.status()} ${url}`);
    }
    expect(broken).toEqual([]);
  });

  it("the Top Searches cards each show their clip's poster", async () => {
    const page = await newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "Top Searches This Week" });
    expect(await section.locator("img").count()).toBe(TOP_SEARCHES.length);
  });
});

describe("focus is visible", () => {
  it.each(["/", "/videos?q=ocean", "/search?q=ocean", "/video/1", "/pricing"])(
    "%s: every element Tab reaches shows an unclipped focus ring",
    async (path) => {
      const page = await newPage();
      await page.goto(path);
      expect(await focusRingProblems(page)).toEqual([]);
    },
  );

  it("the profile: every tab, card and button shows its ring", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await page.goto("/profile?tab=saved");
    expect(await focusRingProblems(page)).toEqual([]);
  });
});

describe("filters", () => {
  it("open, filter and show their counts without JavaScript", async () => {
    const page = await pageWithoutScripts();
    await page.goto("/videos");
    const filters = page.getByTestId("filters");
    await filters.locator("summary").click();
    const extended = filters
      .getByRole("group", { name: "License" })
      .getByRole("link", { name: /^Extended \d+/ });
    const count = Number((await extended.textContent())!.replace(/\D/g, ""));
    expect(count).toBeGreaterThan(0);
    await extended.click();
    await page.waitForURL("**/videos?license=extended");
    expect(await page.getByTestId("result-count").textContent()).toBe(
      `${count} ${count === 1 ? "video" : "videos"}`,
    );
  });

  it("on a phone, 'Show N results' closes the panel and shows the results", async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto("/videos?q=city");
    const total = Number((await page.getByTestId("result-count").textContent())!.replace(/\D/g, ""));
    const filters = page.getByTestId("filters");
    await filters.locator("summary").click();
    const label = formatMessage("en", messagesFor("en", ["catalog"]), "catalog.filters.showResults", {
      count: total,
      capped: "no",
    });
    const show = filters.getByRole("link", { name: label });
    await show.click();
    await expect.poll(() => filters.evaluate((element: HTMLDetailsElement) => element.open)).toBe(false);
    await expect.poll(() => page.getByRole("heading", { name: /Results for/ }).isVisible()).toBe(true);
    await expectAccessible(page);
  });

  it("can be used by keyboard alone: open, choose a value, and the choice holds", async () => {
    const page = await newPage();
    await page.goto("/videos");
    await page.getByTestId("filters").locator("summary").focus();
    await page.keyboard.press("Enter");
    const portrait = page
      .getByRole("group", { name: "Orientation" })
      .getByRole("link", { name: /^Portrait \d+/ });
    await portrait.focus();
    await page.keyboard.press("Enter");
    await expectAt(page, "/videos?orientation=portrait");
  });
});

describe("truthful copy", () => {
  it("the home caption states the real number of clips, never 'thousands'", async () => {
    const page = await newPage();
    const size = await catalogueSize(page);
    await page.goto("/");
    expect(await page.locator("#preview-caption").textContent()).toBe(previewCaption(size));
    expect((await page.locator("main").textContent())!.toLowerCase()).not.toContain("thousands");
  });

  it("the footer's © year is this year", async () => {
    const page = await newPage();
    await page.goto("/pricing");
    expect(await page.locator("footer").last().textContent()).toContain(`© ${new Date().getUTCFullYear()}`);
  });

  it("pricing says the license is perpetual and the downloads end; never that downloads never expire", async () => {
    const page = await newPage();
    await page.goto("/pricing");
    const text = (await page.locator("main").textContent())!;
    expect(text).not.toMatch(/downloads never expire/i);
    expect(text).toMatch(/license is perpetual/i);
    expect(text).toMatch(/use the downloads within 12 months/i);
  });
});

describe("search", () => {
  it("two swapped letters still find the clips: ocaen finds ocean", async () => {
    const page = await newPage();
    await page.goto("/videos?q=ocaen");
    await page.getByTestId("correction").getByText("ocean").first().waitFor();
    expect(
      Number((await page.getByTestId("result-count").textContent())!.replace(/\D/g, "")),
    ).toBeGreaterThan(0);
  });

  it("the Niches toggle searches niches: a niche's name chooses it, an unknown one says so", async () => {
    const page = await newPage();
    await page.goto("/videos");
    await page.getByText("Niches", { exact: true }).click();
    await searchBox(page).fill("nature");
    await searchBox(page).press("Enter");
    await expectAt(page, "/videos?niche=nature");
    await page.getByText("Niches", { exact: true }).click();
    await searchBox(page).fill("spaceships");
    await searchBox(page).press("Enter");
    await expectVisible(page.getByRole("status").getByText(noNicheMatches("spaceships")));
  });

  it("the Niches toggle works without JavaScript too", async () => {
    const page = await pageWithoutScripts();
    await page.goto("/videos");
    await page.getByText("Niches", { exact: true }).click();
    await searchBox(page).fill("technology");
    await page.locator("main").getByRole("search").getByRole("button", { name: "Search" }).click();
    await expectAt(page, "/videos?niche=technology");
  });

  it.each(TRENDING_CHIPS)("the trending chip %s finds clips", async (chip) => {
    const page = await newPage();
    await page.goto("/videos");
    await page.getByRole("navigation", { name: "Trending" }).getByRole("link", { name: chip }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === chip);
    expect(
      Number((await page.getByTestId("result-count").textContent())!.replace(/\D/g, "")),
    ).toBeGreaterThan(0);
  });
});

describe("home's calls to action", () => {
  it("Explore Videos opens explore; Browse Niches opens explore at the niche browser", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Explore Videos", exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === "/videos" && url.hash === "");
    await page.goto("/");
    await page.getByRole("link", { name: "Browse Niches", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/videos" && url.hash === `#${NICHE_BROWSER_ID}`);
    await page.getByRole("heading", { name: "Browse by Niche" }).waitFor();
    const top = await page
      .locator(`#${NICHE_BROWSER_ID}`)
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(400);
  });
});
