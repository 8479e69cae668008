import axe from "axe-core";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";
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

/** A fresh context (own cookies and storage) and a page in it. */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await (await getBrowser()).newContext({
    baseURL: baseURL(),
    viewport: DESKTOP,
    ...options,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // With scripts off nothing hydrates: such a page's goto resolves on the load alone.
  if (options.javaScriptEnabled !== false) waitForHydrationOnNavigation(page);
  return page;
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
