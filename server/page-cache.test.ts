import { createHash, randomBytes } from "node:crypto";
import type { RequestListener } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { closingTestServers } from "../tests/support/test-servers";
import {
  chooseEncoding,
  pageCacheKey,
  publicPageCache,
  scriptHashes,
  sharedCacheControl,
} from "./page-cache";

/** The copies' lifetime in the tests of expiry; the others keep theirs for the whole test (a loaded machine can take 100 ms between two requests). */
const TTL_MS = 100;
const STEADY_TTL_MS = 60_000;
const MAX_STALE_MS = 1_000;

const servers = closingTestServers();

/** A policy that shows which script sources a copy was given. */
const policy = (sources: string[]) => `script-src 'self' ${sources.join(" ")}`;

/**
 * The server as production wires it: a copy answers before the app; the app keeps what it renders
 * (after the test's nonce middleware, before its page).
 */
function withCache(
  app: express.Express,
  page: () => void,
  options: {
    ttlMs: number;
    maxStaleMs?: number;
    maxBytes?: number;
    isPublicPage: (pathname: string) => boolean;
  },
): RequestListener {
  const cache = publicPageCache({ ...options, policy });
  app.use(cache.keep);
  page();
  return (req, res) => {
    if (!cache.answer(req, res, { "x-request-id": "test" })) app(req, res);
  };
}

/** Renders from the second on wait until the test lets them finish. */
let gate = Promise.resolve();

/** An app with one page that says which render it is, and carries its nonce. */
async function startApp(
  answer: (res: express.Response) => express.Response = (res) => res,
  ttlMs = STEADY_TTL_MS,
) {
  let renders = 0;
  gate = Promise.resolve();
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(8).toString("hex");
    next();
  });
  const listener = withCache(
    app,
    () =>
      app.get("/page", async (_req, res) => {
        renders += 1;
        const render = renders;
        if (render > 1) await gate;
        answer(res)
          .type("html")
          .send(`<p>render ${render}</p><script nonce="${res.locals.cspNonce}">go(${render})</script>`);
      }),
    { ttlMs, maxStaleMs: MAX_STALE_MS, isPublicPage: (pathname) => pathname === "/page" },
  );
  const url = `${await servers.start(listener)}/page`;
  return { url, renders: () => renders };
}

async function visit(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const html = await response.text();
  return {
    html,
    status: response.status,
    headers: response.headers,
    hit: response.headers.get("x-page-cache") === "hit",
    nonce: /nonce="(\w+)"/.exec(html)?.[1],
  };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("public page cache", () => {
  it("serves a second anonymous visit from stored bytes: no nonce, its inline scripts allowed by their hashes", async () => {
    const { url, renders } = await startApp();
    await visit(url);
    const second = await visit(url, { cookie: "verdeo-theme=light" });
    const third = await visit(url);
    expect(second.hit).toBe(true);
    expect(second.html).toBe("<p>render 1</p><script>go(1)</script>");
    expect(third.html).toBe(second.html);
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha256("go(1)")}`);
    expect(second.headers.get("x-request-id")).toBe("test");
    expect(renders()).toBe(1);
  });

  it("lets a CDN keep a copy as long as the process does, with the theme cookie in its key, and serve it stale while it asks again", async () => {
    const { url } = await startApp(undefined, TTL_MS);
    await visit(url);
    const hit = await visit(url);
    expect(hit.hit).toBe(true);
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=1");
    expect(hit.headers.get("vary")).toBe("Cookie, Accept-Encoding, Accept-Language");
    expect(sharedCacheControl(3_000, 60_000)).toBe(
      "public, max-age=0, s-maxage=3, stale-while-revalidate=60",
    );
  });

  it("keeps one copy per region currency, and never serves one to a visitor who chose a currency", async () => {
    const { url, renders } = await startApp();
    await visit(url, { "accept-language": "en-US" });
    const american = await visit(url, { "accept-language": "en-US,en;q=0.9" });
    const german = await visit(url, { "accept-language": "de-DE" });
    const chosen = await visit(url, { "accept-language": "en-US", cookie: "currency=GBP" });
    expect(american.hit).toBe(true);
    expect(german.hit).toBe(false);
    expect(chosen.hit).toBe(false);
    expect(american.headers.get("vary")).toContain("Accept-Language");
    expect(renders()).toBe(3);
  });

  it("serves a page without a language in its address only to visitors that stay in English (docs/decisions/0033)", async () => {
    const { url, renders } = await startApp();
    await visit(url);
    // French browser, English chosen: the English copy.
    expect((await visit(url, { "accept-language": "fr-FR", cookie: "lang=en" })).hit).toBe(true);
    expect((await visit(url, { cookie: "verdeo-theme=light; lang=en" })).hit).toBe(true);
    // Sent to their own language by the app: never the English copy.
    expect((await visit(url, { "accept-language": "fr-FR" })).hit).toBe(false);
    expect((await visit(url, { cookie: "lang=de" })).hit).toBe(false);
    // Any other cookie is not anonymous.
    expect((await visit(url, { cookie: "lang=en; other=1" })).hit).toBe(false);
    expect(renders()).toBe(4);
  });

  it("answers a copy compressed as the visitor accepts it, and 304 to its ETag", async () => {
    const { url } = await startApp();
    await visit(url);
    await expect
      .poll(async () => (await visit(url, { "accept-encoding": "gzip, br" })).headers.get("content-encoding"))
      .toBe("br");
    const gzipped = await visit(url, { "accept-encoding": "gzip, br;q=0" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    // (The copy may have been replaced meanwhile: its TTL is short.)
    expect(gzipped.html).toMatch(/^<p>render \d<\/p>/);
    expect(gzipped.headers.get("vary")).toContain("Accept-Encoding");
    const etag = gzipped.headers.get("etag")!;
    expect((await visit(url, { "if-none-match": etag })).status).toBe(304);
    expect((await visit(url, { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("renders for every visitor with a session cookie", async () => {
    const { url, renders } = await startApp();
    await visit(url, { cookie: "session=abc" });
    const again = await visit(url, { cookie: "session=abc" });
    expect(again.hit).toBe(false);
    expect(renders()).toBe(2);
  });

  it("keeps no answer that sets a cookie or is not a 200", async () => {
    for (const answer of [
      (res: express.Response) => res.cookie("toast", "1"),
      (res: express.Response) => res.status(404),
    ]) {
      const { url, renders } = await startApp(answer);
      await visit(url);
      expect((await visit(url)).hit).toBe(false);
      expect(renders()).toBe(2);
      await servers.stopAll();
    }
  });

  it("after expiry, visitors get the old copy at once while one background render replaces it", async () => {
    const { url, renders } = await startApp(undefined, TTL_MS);
    await visit(url);
    let finishRender = () => {};
    gate = new Promise((resolve) => (finishRender = resolve));
    await sleep(TTL_MS + 20);
    // The replacement cannot finish until the gate opens, so these answers did not wait for it.
    const stale = await Promise.all(Array.from({ length: 5 }, () => visit(url)));
    for (const page of stale) expect(page.html).toContain("render 1");
    await expect.poll(renders).toBe(2);
    finishRender();
    await expect.poll(async () => (await visit(url)).html).toContain("render 2");
    expect(renders()).toBe(2);
  });

  it("renders in the foreground once a copy is older than the staleness limit", async () => {
    const { url, renders } = await startApp(undefined, TTL_MS);
    await visit(url);
    await sleep(TTL_MS + MAX_STALE_MS + 20);
    const page = await visit(url);
    expect(page.hit).toBe(false);
    expect(page.html).toContain("render 2");
    expect(renders()).toBe(2);
  });

  it("a refresh header from outside, without the process's token, is served from the cache", async () => {
    const { url, renders } = await startApp();
    await visit(url);
    const forged = await visit(url, { "x-verdeo-page-refresh": "1" });
    expect(forged.hit).toBe(true);
    expect(renders()).toBe(1);
  });
});

describe("page cache key", () => {
  it("ignores tracking parameters and the order of the others", () => {
    expect(pageCacheKey("/videos?utm_source=news&utm_medium=mail&fbclid=abc&gclid=x")).toBe("/videos");
    expect(pageCacheKey("/videos?sort=newest&niche=nature")).toBe(
      pageCacheKey("/videos?niche=nature&sort=newest"),
    );
    expect(pageCacheKey("/search?q=lake&utm_campaign=spring")).toBe("/search?q=lake");
  });

  it("keeps every other parameter, so different pages never share a copy", () => {
    expect(pageCacheKey("/videos?niche=nature")).not.toBe(pageCacheKey("/videos?niche=food"));
    expect(pageCacheKey("/search?q=a%26b")).toBe("/search?q=a%26b");
  });
});

describe("page cache memory bound", () => {
  it("drops the least recently used copies once the byte bound is reached", async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "n";
      next();
    });
    let renders = 0;
    // Each copy counts twice its 10,000 bytes (room for its compressed copies) plus 512.
    const listener = withCache(
      app,
      () =>
        app.get("/p/:n", (_req, res) => {
          renders += 1;
          res.type("html").send("x".repeat(10_000));
        }),
      {
        ttlMs: 60_000,
        isPublicPage: (pathname) => /^\/p\/\d+$/.test(pathname),
        maxBytes: 3 * (2 * 10_000 + 512),
      },
    );
    const base = await servers.start(listener);
    for (const n of [1, 2, 3, 4]) await visit(`${base}/p/${n}`);
    expect(renders).toBe(4);
    // Pages 2-4 fit; page 1, used least recently, made room for page 4.
    for (const n of [2, 3, 4]) expect((await visit(`${base}/p/${n}`)).hit).toBe(true);
    expect((await visit(`${base}/p/1`)).hit).toBe(false);
  });
});

describe("a copy's encodings and scripts", () => {
  const bodies = { identity: Buffer.from("a"), gzip: Buffer.from("g"), br: Buffer.from("b") };

  it("chooses brotli, then gzip, as the request accepts them; q=0 refuses one", () => {
    expect(chooseEncoding("gzip, deflate, br", bodies)).toBe("br");
    expect(chooseEncoding("gzip", bodies)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5", bodies)).toBe("gzip");
    expect(chooseEncoding("*", bodies)).toBe("br");
    expect(chooseEncoding(undefined, bodies)).toBe("identity");
    expect(chooseEncoding("br", { identity: bodies.identity })).toBe("identity");
  });

  it("hashes every inline script once, and no script with a src", () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script>a()</script>';
    expect(scriptHashes(html)).toEqual([sha256("a()"), sha256("b()")]);
  });
});
