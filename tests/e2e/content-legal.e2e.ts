import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEGAL_TOC_SCROLL_OFFSET_PX, MIN_AGE, THEME_STORAGE_KEY } from "~/constants";
import { LICENSING } from "~/content/legal/licensing";
import { PRIVACY } from "~/content/legal/privacy";
import { TERMS } from "~/content/legal/terms";
import { expectAccessible, expectAt, newPage, PHONE } from "./browser";

const PAGES = [
  { path: "/licensing", document: LICENSING },
  { path: "/terms", document: TERMS },
  { path: "/privacy", document: PRIVACY },
];

/** "About 100 px": a section may land a few pixels off because of sub-pixel layout. */
const TOLERANCE_PX = 4;

/**
 * The section's distance from the top of the viewport once scrolling has stopped: unchanged for
 * half a second, since on a busy machine a smooth scroll may start a few frames after the click.
 */
async function settledTop(page: Page, id: string) {
  let previous = Number.NaN;
  let unchanged = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    const top = await page.evaluate(
      (sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN,
      id,
    );
    unchanged = Math.abs(top - previous) < 0.5 ? unchanged + 1 : 0;
    if (unchanged === 5) return top;
    previous = top;
    await page.waitForTimeout(100);
  }
  throw new Error(`section ${id} never stopped scrolling`);
}

const toc = (page: Page) => page.getByRole("navigation", { name: "Table of contents" });

async function currentEntry(page: Page) {
  return toc(page).locator('a[aria-current="location"]').textContent();
}

async function expectCurrentEntry(page: Page, title: string) {
  await page.waitForFunction(
    (expected) =>
      Array.from(
        document.querySelectorAll('nav[aria-label="Table of contents"] a[aria-current="location"]'),
      ).some((link) => link.textContent?.includes(expected)),
    title,
  );
  expect(await currentEntry(page)).toContain(title);
}

async function darkPage(options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options);
  await page.context().addInitScript((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
  return page;
}

describe("legal pages", () => {
  it("each legal page shows its title and last-updated date, and a footer with the date and copyright year", async () => {
    const page = await newPage();
    for (const { path, document: doc } of PAGES) {
      await page.goto(path);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(doc.title);
      await page.getByText(doc.subtitle).waitFor();
      const footer = page.locator("main > footer");
      // The document keeps its day (ISO); English writes it "October 29, 2025".
      const written = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${doc.lastUpdated}T00:00:00Z`),
      );
      expect(await footer.textContent()).toContain(`Last updated ${written}`);
      expect(await footer.textContent()).toContain(`© ${new Date().getUTCFullYear()}`);
      expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    }
  });

  it("terms and privacy are dated October 29, 2025, with eleven and twelve sections", async () => {
    const page = await newPage();
    for (const [path, count] of [
      ["/terms", 11],
      ["/privacy", 12],
    ] as const) {
      await page.goto(path);
      expect(await page.locator("main header").textContent()).toContain("Last updated October 29, 2025");
      expect(await page.locator("main article > section").count()).toBe(count);
    }
    expect(await page.locator("main article").textContent()).toContain(`at least ${MIN_AGE} years old`);
  });

  it("the terms link to the contact page", async () => {
    const page = await newPage();
    await page.goto("/terms");
    await page.locator("#contact").getByRole("link", { name: "contact page" }).click();
    await expectAt(page, "/contact");
  });

  it("the licensing page has the spec's section ids and titles, in order, in the page and its contents", async () => {
    const page = await newPage();
    await page.goto("/licensing");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Video Licensing");
    await page.getByText("Simple, transparent licensing for creators and users.").waitFor();
    const sections = await page.evaluate(() =>
      Array.from(document.querySelectorAll("main article > section")).map((section) => {
        const heading = section.querySelector("h2")?.cloneNode(true) as HTMLElement;
        for (const hidden of heading.querySelectorAll("[aria-hidden]")) hidden.remove();
        return [section.id, heading.textContent?.trim()];
      }),
    );
    expect(sections).toEqual(LICENSING.sections.map((section) => [section.id, section.title]));
    const entries = await toc(page)
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute("href"), link.lastElementChild?.textContent]),
      );
    expect(entries).toEqual(LICENSING.sections.map((section) => [`#${section.id}`, section.title]));
  });

  it("a table-of-contents click scrolls its section to 100 px below the top and highlights the entry", async () => {
    const page = await newPage();
    await page.goto("/licensing");
    await expectCurrentEntry(page, "Introduction");
    await toc(page).getByRole("link", { name: "Refunds and Disputes" }).click();
    expect(Math.abs((await settledTop(page, "refunds")) - LEGAL_TOC_SCROLL_OFFSET_PX)).toBeLessThanOrEqual(
      TOLERANCE_PX,
    );
    await expectCurrentEntry(page, "Refunds and Disputes");
    expect(new URL(page.url()).hash).toBe("#refunds");
    // Without reduced motion the way back is a smooth animation, not a jump.
    await toc(page).getByRole("link", { name: "Introduction" }).click();
    const justAfterClick = await page.evaluate(
      () => document.getElementById("introduction")?.getBoundingClientRect().top ?? 0,
    );
    expect(Math.abs(justAfterClick - LEGAL_TOC_SCROLL_OFFSET_PX)).toBeGreaterThan(20);
    expect(
      Math.abs((await settledTop(page, "introduction")) - LEGAL_TOC_SCROLL_OFFSET_PX),
    ).toBeLessThanOrEqual(TOLERANCE_PX);
  });

  it("an entry near the end stays highlighted when clicked even though the page ends before its section reaches the top", async () => {
    // On a tall screen the last two sections both fit below the offset when the page ends.
    const page = await newPage({ viewport: { width: 1280, height: 1600 } });
    await page.goto("/licensing");
    await toc(page).getByRole("link", { name: "Legal Summary" }).click();
    expect(await settledTop(page, "legal-summary")).toBeGreaterThan(LEGAL_TOC_SCROLL_OFFSET_PX + 20);
    await expectCurrentEntry(page, "Legal Summary");
  });

  it("with reduced motion a table-of-contents click jumps straight to the section", async () => {
    const page = await newPage({ reducedMotion: "reduce" });
    await page.goto("/licensing");
    await toc(page).getByRole("link", { name: "Attribution" }).click();
    const top = await page.evaluate(
      () => document.getElementById("attribution")?.getBoundingClientRect().top,
    );
    expect(Math.abs((top ?? 0) - LEGAL_TOC_SCROLL_OFFSET_PX)).toBeLessThanOrEqual(TOLERANCE_PX);
  });

  it("scrolling the page moves the highlight to the section being read", async () => {
    const page = await newPage();
    await page.goto("/licensing");
    for (const section of [LICENSING.sections[5], LICENSING.sections[2], LICENSING.sections[8]]) {
      await page.evaluate(
        ({ id, offset }) => {
          const top = document.getElementById(id)?.getBoundingClientRect().top ?? 0;
          window.scrollBy(0, top - offset + 20);
        },
        { id: section.id, offset: LEGAL_TOC_SCROLL_OFFSET_PX },
      );
      await expectCurrentEntry(page, section.title);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectCurrentEntry(page, "Contact Us");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectCurrentEntry(page, "Introduction");
  });

  it("a direct /licensing#refunds link opens at that section, about 100 px below the top", async () => {
    const page = await newPage();
    await page.goto("/licensing#refunds");
    expect(Math.abs((await settledTop(page, "refunds")) - LEGAL_TOC_SCROLL_OFFSET_PX)).toBeLessThanOrEqual(
      TOLERANCE_PX,
    );
    await expectCurrentEntry(page, "Refunds and Disputes");
  });

  it("the table of contents stays in view on a wide screen", async () => {
    const page = await newPage();
    await page.goto("/privacy#your-rights");
    await settledTop(page, "your-rights");
    const box = await toc(page).boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(64);
    expect(box?.y).toBeLessThan(120);
  });

  it("at phone width the contents fold away at the top and a chosen entry closes them at its section", async () => {
    for (const { path, document: doc } of PAGES) {
      const page = await newPage({ viewport: PHONE });
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await toc(page).isVisible()).toBe(false);
      await page.locator("summary", { hasText: "On this page" }).click();
      const target = doc.sections[6];
      await toc(page).getByRole("link", { name: target.title, exact: true }).click();
      expect(Math.abs((await settledTop(page, target.id)) - LEGAL_TOC_SCROLL_OFFSET_PX)).toBeLessThanOrEqual(
        TOLERANCE_PX,
      );
      expect(await page.locator("main details").getAttribute("open")).toBeNull();
      await page.context().close();
    }
  });

  it("legal pages have no serious accessibility violations in light and dark, on desktop and phone", async () => {
    for (const { path } of PAGES) {
      for (const makePage of [() => newPage(), () => darkPage()]) {
        const page = await makePage();
        await page.goto(path);
        await expectAccessible(page);
        await page.context().close();
      }
      const phone = await darkPage({ viewport: PHONE });
      await phone.goto(path);
      await phone.locator("summary", { hasText: "On this page" }).click();
      await expectAccessible(phone);
      await phone.context().close();
    }
  });
});
