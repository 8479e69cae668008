import { describe, expect, it } from "vitest";
import { HOME_SEARCH_PLACEHOLDER, TOP_SEARCHES, topicPath } from "~/catalog/clips/catalog-content";
import { DESKTOP, expectAccessibleIn, expectAt, expectVisible, newPage, PHONE } from "./browser";
import { screenshotIn } from "./screenshots";

/** Issue 35 point 16: the home's hero, its search box and where its Top Searches lead. */
const resultsHeading = (page: Awaited<ReturnType<typeof newPage>>) =>
  page.locator("#results-heading").textContent();

describe("home and the results it leads to", () => {
  it("no empty band: the previews start right below the hero's categories, on a laptop and a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage({ viewport, reducedMotion: "reduce" });
      await page.goto("/");
      const categories = await page.getByRole("navigation", { name: "Categories" }).boundingBox();
      const preview = await page.locator("[data-preview-id]").first().boundingBox();
      const gap = preview!.y - (categories!.y + categories!.height);
      expect(gap, `gap at ${viewport.width} px`).toBeGreaterThanOrEqual(0);
      expect(gap, `gap at ${viewport.width} px`).toBeLessThanOrEqual(64);
      await page.context().close();
    }
  });

  it("on a 390 px phone the search field shows its whole placeholder", async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto("/");
    const field = page.getByPlaceholder(HOME_SEARCH_PLACEHOLDER);
    const room = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(input.placeholder).width;
      const inside =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text, inside };
    });
    expect(room.text).toBeLessThanOrEqual(room.inside);
    // The button keeps its name, as an icon on a phone.
    await expectVisible(page.getByRole("search").getByRole("button", { name: "Search" }));
  });

  it("a Top Searches tile opens Explore with its niche chosen, as Explore's own niche links do, and the heading names it", async () => {
    const page = await newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "Top Searches This Week" });
    const tech = TOP_SEARCHES.find((topic) => topic.title === "Tech & Innovation")!;
    await section.getByRole("link", { name: /Tech & Innovation/ }).click();
    await expectAt(page, topicPath(tech));
    expect(await resultsHeading(page)).toBe("Technology videos");
    const niches = page.getByRole("region", { name: "Browse by Niche" });
    expect(await niches.getByRole("link", { name: /Technology/ }).getAttribute("aria-current")).toBe("true");
    await expectVisible(page.getByTestId("filters").getByText("1 active"));

    // A topic with a sub-niche opens both, the sub-niche chosen among its niche's.
    await page.goto("/");
    const wildlife = TOP_SEARCHES.find((topic) => topic.title === "Nature & Wildlife")!;
    await section.getByRole("link", { name: /Nature & Wildlife/ }).click();
    await expectAt(page, topicPath(wildlife));
    expect(await resultsHeading(page)).toBe("Nature & Travel · Wildlife videos");
    expect(await niches.getByRole("link", { name: "Wildlife" }).getAttribute("aria-current")).toBe("true");
  });

  it("filtered results are headed by their filter, never 'All videos'", async () => {
    const page = await newPage();
    await page.goto("/videos");
    expect(await resultsHeading(page)).toBe("All videos");
    await page.goto("/videos?orientation=portrait");
    expect(await resultsHeading(page)).toBe("Portrait videos");
    await page.goto("/videos?niche=food&orientation=landscape");
    expect(await resultsHeading(page)).toBe("Food & Culinary · Landscape videos");
    await page.goto("/videos?q=boats&niche=luxury");
    expect(await resultsHeading(page)).toBe("Results for “boats”");
  });

  it("the home and a filtered explore page are axe clean in light and dark", async () => {
    const page = await newPage();
    await page.goto("/");
    for (const path of ["/", topicPath(TOP_SEARCHES[1]!)]) {
      for (const theme of ["light", "dark"] as const) {
        await expectAccessibleIn(page, path, theme);
        for (const viewport of [DESKTOP, PHONE]) await screenshotIn(path, theme, viewport);
      }
    }
  });
});
