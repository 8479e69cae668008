import { describe, expect, it } from "vitest";
import { expectAccessible, expectAt, newPage, PHONE } from "./browser";

/**
 * The interface in the visitor's language (docs/decisions/0033-interface-languages.md): negotiated
 * once from the browser, switched on any page without leaving it, laid out for the longest words.
 */
describe("pages in the visitor's language", () => {
  it("a German browser lands on German pages, and switching to French on a clip page stays on that clip", async () => {
    const page = await newPage({ locale: "de-DE" });
    await page.goto("/");
    await expectAt(page, "/de");
    expect(await page.getAttribute("html", "lang")).toBe("de");
    const nav = page.getByRole("navigation", { name: "Hauptmenü" });
    expect(await nav.getByRole("link", { name: "Entdecken", exact: true }).getAttribute("href")).toBe(
      "/de/videos",
    );
    await expectAccessible(page);

    await page.goto("/de/video/1");
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByTestId("language-menu").locator("summary").click();
    await page.getByRole("button", { name: "Français" }).click();
    await expectAt(page, "/fr/video/1");
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    // The choice is kept: a page without a language in its address opens in French.
    await page.goto("/pricing");
    await expectAt(page, "/fr/pricing");
    await page.getByRole("navigation", { name: "Principal" }).first().waitFor();
  });

  it("the footer's switcher works by keyboard and back to English, whose pages have no prefix", async () => {
    const page = await newPage({ locale: "es-ES" });
    await page.goto("/videos");
    await expectAt(page, "/es/videos");
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("button", { name: "Cambiar idioma" }).press("Enter");
    await expectAt(page, "/videos");
    expect(await page.getAttribute("html", "lang")).toBe("en");
  });

  it("/ja/videos lays out without sideways overflow on a phone, and is accessible", async () => {
    const page = await newPage({ viewport: PHONE, locale: "ja-JP" });
    await page.goto("/ja/videos");
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  it("the pseudo-locale shows every string of the shell from a catalogue", async () => {
    const page = await newPage();
    await page.goto("/en-xa/videos");
    const untranslated = await page.evaluate(() => {
      const texts: string[] = [];
      // The site's header is the page's first, its footer the last (pages have headers of their own).
      const footers = document.querySelectorAll("footer");
      for (const region of [document.querySelector("header"), footers[footers.length - 1]]) {
        if (!region) continue;
        const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? "";
          const parent = node.parentElement;
          // Language names are their own; the logo, e-mail, currency names and language code are data.
          const data = "option, body [lang], a[href^='mailto:'], [data-logo], [data-language-code]";
          if (!/[A-Za-z]{2}/.test(text) || parent?.closest(data)) continue;
          if (!/[⟦⟧]/.test(text)) texts.push(text);
        }
      }
      return texts;
    });
    expect(untranslated.join(" | "), page.url()).toBe("");
  });
});
