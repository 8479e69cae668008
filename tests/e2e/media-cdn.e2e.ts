import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { type ServerProcess, startBuiltServer } from "../support/server-process";
import { accessibilityViolations, baseURL, DESKTOP, getBrowser, PHONE, VISITOR_LOCALE } from "./browser";

/*
 * A second server of the same site (the run's database and media) with MEDIA_BASE_URL pointing at a
 * "CDN": a server on another origin that fetches each file from the first server's /media and
 * notes what it served. Pages must take their posters, previews and storyboard sprites from it, and
 * the Content-Security-Policy must let them.
 */
let cdn: http.Server;
let cdnOrigin: string;
let site: ServerProcess;
const served: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  cdn = http.createServer(async (req, res) => {
    const key = (req.url ?? "").replace(/^\/cdn\//, "");
    served.push(key);
    const upstream = await fetch(`${baseURL()}/media/${key}`, {
      headers: req.headers.range ? { range: req.headers.range } : {},
    });
    const passed = ["content-type", "content-length", "content-range", "accept-ranges", "cache-control"];
    for (const name of passed) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    res.statusCode = upstream.status;
    if (!upstream.body) return void res.end();
    Readable.fromWeb(upstream.body as never).pipe(res);
  });
  await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  site = await startBuiltServer(
    { MEDIA_BASE_URL: `${cdnOrigin}/cdn`, WORKERS: "0", SEED_ON_START: "false" },
    { dataDir: inject("dataDir") },
  );
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await site?.stop();
  cdn?.closeAllConnections();
  await new Promise((resolve) => cdn?.close(resolve));
});

async function openPage(theme: "light" | "dark" = "light", viewport = DESKTOP): Promise<Page> {
  const context = await (await getBrowser()).newContext({
    baseURL: site.url,
    viewport,
    colorScheme: theme,
    locale: VISITOR_LOCALE,
  });
  contexts.push(context);
  await context.addCookies([{ name: THEME_STORAGE_KEY, value: theme, url: site.url }]);
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: THEME_STORAGE_KEY,
    value: theme,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** What the page's console said about the Content-Security-Policy (a refused image or video). */
function policyComplaints(page: Page) {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

describe("public media from a CDN (MEDIA_BASE_URL)", () => {
  it("the clip page's poster and video come from the CDN, play, and the policy allows them", async () => {
    const page = await openPage();
    const complaints = policyComplaints(page);
    await page.goto("/video/1");
    const video = page.locator("main video");
    expect(await video.getAttribute("poster")).toMatch(
      new RegExp(`^${cdnOrigin}/cdn/clips/1/[\\w-]+/poster-640\\.webp$`),
    );
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await page.waitForFunction(
      () => (document.querySelector("main video") as HTMLVideoElement).currentTime > 0.5,
    );
    expect(served.some((key) => /^clips\/1\/.+\.mp4$/.test(key))).toBe(true);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`^${cdnOrigin}/cdn/clips/1/`));
    expect(complaints).toEqual([]);
  });

  it("explore's cards show posters from the CDN and, hovered, play the preview and scrub the storyboard's sprite from it", async () => {
    const page = await openPage();
    const complaints = policyComplaints(page);
    await page.goto("/videos");
    const grid = page.getByTestId("clip-grid");
    const poster = grid.locator("img").first();
    await poster.waitFor();
    expect(await poster.getAttribute("src")).toMatch(new RegExp(`^${cdnOrigin}/cdn/`));
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="clip-grid"] img') as HTMLImageElement | null)?.naturalWidth,
    );
    const card = grid.getByRole("button").first();
    await card.hover();
    await page.getByTestId("hover-preview").locator("video").waitFor({ state: "attached" });
    await expect.poll(() => served.some((key) => key.endsWith("preview-small.mp4"))).toBe(true);
    // Moving across the card scrubs the storyboard: its sprite comes from the CDN too. The moves
    // repeat until it is asked for: on a loaded machine the first ones can come before the preview
    // has read its storyboard.
    const box = (await card.boundingBox())!;
    await expect
      .poll(
        async () => {
          for (const share of [0.2, 0.5, 0.8])
            await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
          return served.some((key) => key.endsWith("storyboard.jpg"));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(served.some((key) => key.endsWith(".vtt"))).toBe(false);
    expect(complaints).toEqual([]);
  });

  it("the clip page stays accessible in light and dark, on a desktop and a phone", async () => {
    const shots = path.join(process.env.SHOTS_DIR ?? "/work/shots/edge");
    mkdirSync(shots, { recursive: true });
    for (const theme of ["light", "dark"] as const)
      for (const [name, viewport] of [
        ["desktop", DESKTOP],
        ["phone", PHONE],
      ] as const) {
        const page = await openPage(theme, viewport);
        await page.goto("/video/1");
        await page.locator("main video").waitFor();
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(shots, `clip-page-cdn-${theme}-${name}.png`),
          fullPage: false,
        });
      }
  });
});
