import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInByCookie } from "./accounts-helpers";
import { accessibilityViolations, expectAccessible, expectAt, newPage, PHONE } from "./browser";
import { database } from "./checkout-steps";

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

  it("the home, explore, clip and pricing pages are axe clean in every language", async () => {
    const page = await newPage();
    for (const language of ["de", "fr", "es", "pt-br", "ja"])
      for (const path of ["", "/videos", "/video/1", "/pricing"]) {
        await page.goto(`/${language}${path}`);
        expect(await accessibilityViolations(page), `/${language}${path}`).toEqual([]);
      }
  });

  it("the pseudo-locale shows no untranslated string on the pages of the buyer's and the creator's journeys", async () => {
    const people = await signedInPeople();
    const seen: string[][] = [];
    const sweep = async (page: Page, paths: string[]) => {
      for (const path of paths) {
        await page.goto(path);
        for (const text of await visibleTextsOutsideCatalogues(page)) seen.push([path, text]);
      }
    };
    const visitor = await newPage();
    await sweep(visitor, PSEUDO_PAGES.visitor);
    await visitor.getByTestId("plan-creator").getByRole("button").last().click();
    await expectAt(visitor, "/en-xa/checkout");
    await sweep(visitor, ["/en-xa/checkout"]);
    await sweep(people.buyer, PSEUDO_PAGES.buyer);
    await sweep(people.creator, PSEUDO_PAGES.creator);
    // Read after the sweep: tests running beside this one add people's words all the while.
    const userContent = await userWrittenTexts();
    const untranslated = seen.filter(([, text]) => !isUserContent(text!, userContent));
    expect(untranslated.map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });
});

/**
 * The journeys' pages (docs/translating.md lists them): the visitor's to checkout, the buyer's
 * account, the creator's studio. A string on them that no catalogue gave is English in every language.
 */
const PSEUDO_PAGES = {
  visitor: ["/en-xa", "/en-xa/videos", "/en-xa/video/1", "/en-xa/login", "/en-xa/signup", "/en-xa/pricing"],
  buyer: [
    "/en-xa/profile",
    "/en-xa/profile?tab=orders",
    "/en-xa/profile?tab=downloads",
    "/en-xa/collections",
    "/en-xa/profile/api",
  ],
  creator: [
    "/en-xa/studio",
    "/en-xa/studio/upload",
    "/en-xa/studio/clips/1",
    "/en-xa/studio/earnings",
    "/en-xa/studio/payouts",
  ],
};

async function signedInPeople() {
  const buyer = await newPage();
  await signInByCookie(buyer);
  const creator = await newPage();
  await signInByCookie(creator, DEMO_CREATOR_EMAIL);
  return { buyer, creator };
}

const DEMO_CREATOR_EMAIL = "maya@verdeo.local";

/**
 * What people wrote (titles, descriptions, tags, names, a reviewer's reason, their collections'
 * and keys' names, what they searched for), and the ledger's plan names, a record kept as it was
 * written at the sale: shown as stored in every language.
 */
async function userWrittenTexts(): Promise<Set<string>> {
  const db = await database();
  const clips = await db.query<{ text: string }>(
    `select title as text from clips union select description from clips union select unnest(tags) from clips
     union select status_reason from clips where status_reason is not null`,
  );
  const people = await db.query<{ text: string }>(
    `select full_name as text from profiles union select username from profiles where username is not null
     union select name from collections union select name from api_keys union select query from search_query_stats
     union select plan_name from royalty_lines`,
  );
  return new Set([...clips.rows, ...people.rows].map((row) => row.text.trim()));
}

/** Names that are the same in every language: the sign-in providers'. */
const BRAND_NAMES = new Set(["Google", "GitHub"]);

/** A person's text, a handle, a brand, or a measurement whose unit is the same in every language. */
function isUserContent(text: string, userContent: Set<string>) {
  return (
    BRAND_NAMES.has(text) ||
    userContent.has(text) ||
    userContent.has(text.replace(/^@/, "")) ||
    [...userContent].some((written) => written.length > 40 && written.startsWith(text.slice(0, 40))) ||
    /^[\d.,]+ (?:fps|Mbit\/s|[KMGT]?B)$/.test(text) ||
    // A day as Intl writes it for the pseudo-locale (en-XA): the page's own format, not a string.
    /^(?:\d{1,2} )?(?:January|February|March|April|May|June|July|August|September|October|November|December)(?: \d{1,2},)? \d{4}$/.test(
      text,
    )
  );
}

/** Every visible text of the page with Latin letters that is not accented and bracketed by the pseudo-locale. */
function visibleTextsOutsideCatalogues(page: Page) {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, [hidden]")) continue;
      // Language names are their own; the logo, e-mail, code, language codes and identifiers
      // marked translate="no" (order numbers, IBANs, key prefixes) are data.
      const data =
        "option, body [lang], a[href^='mailto:'], [data-logo], [data-language-code], code, pre, textarea, [translate='no']";
      if (!/[A-Za-z]{2}/.test(text) || parent.closest(data)) continue;
      if (!/[⟦⟧]/.test(text)) texts.push(text);
    }
    return texts;
  });
}
