import type { RequestHandler, Response } from "express";

/**
 * A short-lived cache of server-rendered public pages for visitors without a session.
 *
 * Rendering a page costs far more than sending it, and anonymous visitors all see the same HTML
 * (but for the theme class and the CSP nonce). Each process keeps its own copies for a few seconds:
 * nothing has to agree across processes, and a change shows up everywhere within `ttlMs`.
 * Any cookie other than the theme, any non-GET request, any answer that sets a cookie or is not a
 * plain 200 bypasses it. An expired copy is served while one request renders its replacement.
 */
/** Only plain 200 answers are kept, so a copy needs no status of its own. */
interface CachedPage {
  headers: Record<string, string>;
  html: string;
  nonce: string;
  expires: number;
}

const THEME_COOKIE_ONLY = /^(?:\s*verdeo-theme=(?:dark|light)\s*;?\s*)?$/;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
const CACHED_HEADERS = ["content-type", "cache-control", "vary", "link"];

export function publicPageCache(options: { ttlMs: number; paths: RegExp }): RequestHandler {
  const pages = new Map<string, CachedPage>();
  const refreshing = new Set<string>();

  return (req, res, next) => {
    const cookie = req.headers.cookie ?? "";
    if (req.method !== "GET" || !options.paths.test(req.path) || !THEME_COOKIE_ONLY.test(cookie))
      return next();
    const nonce = res.locals.cspNonce as string;
    const key = `${req.originalUrl}|${cookie.includes("dark") ? "dark" : "light"}`;
    const hit = pages.get(key);
    if (hit && (hit.expires > Date.now() || refreshing.has(key))) return void send(res, hit, nonce);

    // One request re-renders an expired page while the others keep getting the old copy:
    // a burst of visitors at expiry costs one render, not one each.
    refreshing.add(key);
    res.once("close", () => refreshing.delete(key));
    capture(res, (status, body) => {
      const headers: Record<string, string> = {};
      for (const name of CACHED_HEADERS) {
        const value = res.getHeader(name);
        if (typeof value === "string") headers[name] = value;
      }
      if (status !== 200 || res.getHeader("set-cookie") || body.length > MAX_BODY_BYTES) return;
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
      pages.set(key, {
        headers,
        html: body.toString("utf8"),
        nonce,
        expires: Date.now() + options.ttlMs,
      });
    });
    next();
  };
}

function send(res: Response, page: CachedPage, nonce: string) {
  // res.end, not res.send: an ETag (a hash of the whole page) is useless when every copy has its own nonce.
  res.status(200).set(page.headers).set("X-Page-Cache", "hit").end(page.html.replaceAll(page.nonce, nonce));
}

/** Collects what the handler writes, without holding the response back. */
function capture(res: Response, done: (status: number, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    const charset = typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8";
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, charset));
  };
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    return write(chunk as never, encoding as never, callback as never);
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    done(res.statusCode, Buffer.concat(chunks));
    return end(chunk as never, encoding as never, callback as never);
  }) as Response["end"];
}
