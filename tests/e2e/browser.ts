import axe from "axe-core";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, afterEach, expect, inject, onTestFailed } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { launchChromium } from "../support/chromium";

let browser: Browser | undefined;

export const baseURL = () => inject("baseURL");

/** One Chromium per test file, closed after it. */
export async function getBrowser() {
  browser ??= await launchChromium();
  return browser;
}

afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The contexts opened by the running test, closed when it ends: left open, a file's earlier pages
 * (previews still playing among them) took the CPU from its later tests, and the home's axe test
 * ran past its minute in CI.
 */
const openContexts = new Set<BrowserContext>();
afterEach(async () => {
  await Promise.all([...openContexts].map((context) => context.close().catch(() => undefined)));
  openContexts.clear();
});

/**
 * The test visitor reads English in Ireland unless a test says otherwise: prices default to the
 * region's currency (Chromium's own en-US would see dollars), and the euro is the marketplace's own.
 */
export const VISITOR_LOCALE = "en-IE";

let visitors = 0;

/**
 * Each context is a visitor with an address of its own, as a proxy reports it (the suite's server
 * trusts one hop: global-server.ts): the per-address limits (30 sign-ups in ten minutes) then count
 * one visitor's doings, not the whole suite's, which a fast run had pushed past the sign-up limit.
 */
function visitorAddress() {
  visitors += 1;
  return `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

/** A fresh context (own cookies and storage) and a page in it, closed when the test ends. */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await (await getBrowser()).newContext({
    baseURL: baseURL(),
    viewport: DESKTOP,
    locale: VISITOR_LOCALE,
    ...options,
    extraHTTPHeaders: { "X-Forwarded-For": visitorAddress(), ...options.extraHTTPHeaders },
  });
  openContexts.add(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // With scripts off nothing hydrates: such a page's goto resolves on the load alone.
  if (options.javaScriptEnabled !== false) waitForHydrationOnNavigation(page);
  showOnFailure(page);
  return page;
}

/**
 * When the test fails, each of its pages prints its address and visible text, so that a failure
 * seen once (in CI, under load) says what the page showed instead of only what was missing.
 */
function showOnFailure(page: Page) {
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const text = await page
        .locator("body")
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the page showed
        .innerText({ timeout: 2_000 })
        .catch(() => "(not readable)");
      console.log(`The page at ${page.url()} showed:\n${text.slice(0, 3_000)}`);
    });
  } catch {
    // Opened outside a running test (in a beforeAll): there is no test to report for.
  }
}

/**
 * A server-rendered page shows its inputs before React has hydrated them; typing or clicking then
 * races hydration. Every goto and reload therefore resolves only once the root layout has marked
 * the page interactive.
 */
export function waitForHydrationOnNavigation(page: Page) {
  const hydrated = () => page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** The page's serious and critical axe-core violations: rule, help and up to three elements each. */
export async function accessibilityViolations(page: Page) {
  // A theme just switched fades its colours: axe measures contrast once the transitions have ended
  // (mid-fade it read a half-dark button as too faint). Bounded: a page that keeps starting new
  // transitions is measured anyway.
  await page
    .waitForFunction(
      () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
      null,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  // evaluate runs outside the page's CSP, so axe needs no inline script.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter(
        (violation: { impact: string }) => violation.impact === "serious" || violation.impact === "critical",
      )
      .map((violation: { id: string; help: string; nodes: { target: string[] }[] }) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
      })) as { id: string; help: string; targets: string[] }[];
  });
}

/** Runs axe-core on the page; fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Opens `path` in `theme` (stored before the page loads, so nothing is caught mid-transition) and runs axe. */
export async function expectAccessibleIn(page: Page, path: string, theme: "light" | "dark") {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: THEME_STORAGE_KEY,
    value: theme,
  });
  await page.goto(path);
  await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
  await expectAccessible(page);
}

/**
 * Waits for the element, then asserts that it shows: a test that only waited would fail by timing
 * out, without an assertion that says what it expected.
 */
export async function expectVisible(locator: Locator) {
  await locator.waitFor();
  expect(await locator.isVisible(), `${locator} is visible`).toBe(true);
}

/** Waits until the page is at `pathAndQuery` (e.g. "/videos?q=yacht"), then asserts it, as expectVisible does. */
export async function expectAt(page: Page, pathAndQuery: string, options: { timeout?: number } = {}) {
  const at = (url: URL) => url.pathname + url.search;
  await page.waitForURL((url) => at(url) === pathAndQuery, options);
  expect(at(new URL(page.url()))).toBe(pathAndQuery);
}

/** Presses Tab until `target` has the focus; fails if it is never reached (not focusable, or hidden). */
export async function tabTo(page: Page, target: Locator, most = 80) {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((element) => document.activeElement === element, handle)) return;
  }
  throw new Error(`${target} was not reached with ${most} presses of Tab`);
}

/**
 * The search box with its suggestions (an input with the combobox role): named by what it is, since
 * the footer's currency select is a combobox too.
 */
export function searchBox(page: Page) {
  return page.locator('input[role="combobox"]');
}
