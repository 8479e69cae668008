import type { RequestListener } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { closingTestServers } from "../tests/support/test-servers";
import { apiReadCache } from "./api-read-cache";

const servers = closingTestServers();
const TTL_MS = 150;

/**
 * The server as production wires it: a kept answer is given before the app; the app keeps what its
 * shared reads answer. `/api/v1/shared` says which full answer it is; `/api/v1/own` is not shared.
 * The caller check counts requests and refuses the header "Bearer refused" (as an invalid key).
 */
async function startApi(options: { status?: () => number } = {}) {
  const seen = { full: 0, checked: [] as (string | undefined)[] };
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  const cache = apiReadCache({
    ttlMs: TTL_MS,
    isShared: (pathname) => pathname === "/api/v1/shared",
    perCaller: async ({ authorization }) => {
      seen.checked.push(authorization);
      if (authorization === "Bearer refused") return null;
      return {
        "ratelimit-remaining": String(100 - seen.checked.length),
        "cache-control": "private, no-cache",
      };
    },
  });
  const app = express();
  app.use(cache.keep);
  app.get(["/api/v1/shared", "/api/v1/own"], async (_req, res) => {
    seen.full += 1;
    const answer = seen.full;
    if (gate) await gate;
    res
      .status(options.status?.() ?? 200)
      .set({ ETag: `W/"full-${answer}"`, "RateLimit-Remaining": "7", "Access-Control-Allow-Origin": "*" })
      .type("json")
      .send(JSON.stringify({ answer }));
  });
  const listener: RequestListener = (req, res) => {
    cache.answer(req, res, { "x-request-id": "test" }, "127.0.0.1").then((hit) => hit || app(req, res));
  };
  const url = await servers.start(listener);
  return {
    url,
    seen,
    /** Full answers from now on wait until `release()`. */
    hold: () => {
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe("the API's read cache", () => {
  it("answers a shared read again from its copy, with the caller's own rate-limit and cache headers", async () => {
    const api = await startApi();
    const first = await get(`${api.url}/api/v1/shared?q=sea`);
    expect(first.headers.get("x-api-cache")).toBeNull();
    const second = await get(`${api.url}/api/v1/shared?q=sea`, { authorization: "Bearer key" });
    expect(second.headers.get("x-api-cache")).toBe("hit");
    expect(await second.json()).toEqual({ answer: 1 });
    expect(second.headers.get("ratelimit-remaining")).toBe("99");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.headers.get("access-control-allow-origin")).toBe("*");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(api.seen.full).toBe(1);
    expect(api.seen.checked).toEqual(["Bearer key"]);
  });

  it("keeps a copy per exact URL, and never for a path that is not shared or an answer that is not a 200", async () => {
    let status = 200;
    const api = await startApi({ status: () => status });
    await get(`${api.url}/api/v1/shared?q=sea`);
    expect((await get(`${api.url}/api/v1/shared?q=lake`)).headers.get("x-api-cache")).toBeNull();
    await get(`${api.url}/api/v1/own`);
    expect((await get(`${api.url}/api/v1/own`)).headers.get("x-api-cache")).toBeNull();
    status = 404;
    await get(`${api.url}/api/v1/shared?q=none`);
    const again = await get(`${api.url}/api/v1/shared?q=none`);
    expect([again.status, again.headers.get("x-api-cache")]).toEqual([404, null]);
    expect(api.seen.full).toBe(6);
  });

  it("sends a caller the check refuses the full way, which answers it", async () => {
    const api = await startApi();
    await get(`${api.url}/api/v1/shared`);
    const refused = await get(`${api.url}/api/v1/shared`, { authorization: "Bearer refused" });
    expect(refused.headers.get("x-api-cache")).toBeNull();
    expect(api.seen.full).toBe(2);
  });

  it("answers 304 to a client holding the copy's tag, and a HEAD without a body", async () => {
    const api = await startApi();
    const first = await get(`${api.url}/api/v1/shared`);
    const again = await get(`${api.url}/api/v1/shared`, { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    const head = await fetch(`${api.url}/api/v1/shared`, { method: "HEAD" });
    expect(head.headers.get("x-api-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("once a copy expires, sends one request to renew it while the others still get the copy", async () => {
    const api = await startApi();
    await get(`${api.url}/api/v1/shared`);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 20));
    api.hold();
    const renewing = get(`${api.url}/api/v1/shared`);
    await expect.poll(() => api.seen.full).toBe(2);
    const meanwhile = await Promise.all([1, 2, 3].map(() => get(`${api.url}/api/v1/shared`)));
    for (const answer of meanwhile) expect(await answer.json()).toEqual({ answer: 1 });
    api.release();
    expect(await (await renewing).json()).toEqual({ answer: 2 });
    expect(await (await get(`${api.url}/api/v1/shared`)).json()).toEqual({ answer: 2 });
    expect(api.seen.full).toBe(2);
  });
});
