import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLIPS } from "../../server/seed/demo-content";
import { expectAt, expectVisible, newPage, searchBox } from "./browser";
import { lockCatalogue } from "./shared-locks";

// These tests count the demo catalogue; the studio journey publishes a clip only while unlocked.
let unlockCatalogue: () => void;
beforeAll(async () => {
  unlockCatalogue = await lockCatalogue();
});
afterAll(() => unlockCatalogue());

describe("discovery", () => {
  it("suggests as you type and a suggestion is chosen with the keyboard", async () => {
    const page = await newPage();
    await page.goto("/videos");
    const box = searchBox(page);
    await box.pressSequentially("yac", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByRole("option").first().waitFor();
    await box.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect.poll(() => first.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    const label = (await first.locator("span").first().textContent()) ?? "";
    expect(label.toLowerCase()).toContain("yac");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/videos" && url.search.length > 1);
    await box.press("Escape");
  });

  it("sort and facets round-trip through the URL, several values of one facet at once", async () => {
    const page = await newPage();
    await page.goto("/videos");
    await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Shortest" }).click();
    await page.waitForURL("**/videos?sort=shortest");
    await page.getByTestId("filters").locator("summary").click();
    await page.locator('[data-facet="orientation:portrait"]').click();
    await page.waitForURL("**/videos?orientation=portrait&sort=shortest");
    await page.locator('[data-facet="orientation:square"]').click();
    await page.waitForURL("**/videos?orientation=portrait&orientation=square&sort=shortest");
    const expected = DEMO_CLIPS.filter((clip) => clip.orientation !== "landscape").length;
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="result-count"]')?.textContent?.startsWith(`${count} `),
      expected,
    );
    // The same URL opened afresh shows the same state, server-rendered.
    await page.reload();
    expect(await page.locator('[data-facet="orientation:square"]').getAttribute("aria-current")).toBe("true");
    expect(
      await page
        .getByRole("navigation", { name: "Sort" })
        .getByRole("link", { name: "Shortest" })
        .getAttribute("aria-current"),
    ).toBe("true");
  });

  it("a card loads no video until it is hovered, then plays its preview", async () => {
    const page = await newPage();
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.(mp4|webm)(\?|$)/.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto("/videos");
    const grid = page.getByTestId("clip-grid");
    await grid.locator("img").first().waitFor();
    expect(await page.locator("video").count()).toBe(0);
    expect(videoRequests).toEqual([]);
    await grid.getByRole("button").first().hover();
    await page.getByTestId("hover-preview").locator("video").waitFor({ state: "attached" });
    await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByTestId("hover-preview").count()).toBe(0);
  });

  it("the search page has its own box and never shows an empty query", async () => {
    const page = await newPage();
    await page.goto("/search");
    await expectVisible(page.getByText("What are you looking for?"));
    await searchBox(page).fill("yacht");
    await searchBox(page).press("Enter");
    await expectAt(page, "/search?q=yacht");
    await expectVisible(page.getByText('Showing video results for: "yacht"'));
  });
});
