import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { THEME_COOKIE } from "~/accounts/theme";
import { pageCacheTotal } from "~/platform/metrics/business.server";

/**
 * A short-lived cache of server-rendered public pages for visitors without a session.
 *
 * Rendering a page costs far more than sending it, and anonymous visitors all see the same HTML
 * (but for the theme class and the CSP nonce). Each process keeps its own copies for a few seconds:
 * nothing has to agree across processes, and a change shows up everywhere within `ttlMs` (plus one
 * render). Any cookie other than the theme, any non-GET request, any answer that sets a cookie or is
 * not a plain 200 bypasses it.
 *
 * Stale while revalidating: once a copy has expired, visitors keep getting it while one background
 * request (from this process to itself) renders its replacement, so no visitor waits for a render
 * of a page that is cached. A copy older than `maxStaleMs` is not served; the page is rendered then.
 */
/** Only plain 200 answers are kept, so a copy needs no status of its own. */
interface CachedPage {
  headers: Record<string, string>;
  html: string;
  nonce: string;
  expires: number;
}

/** A visitor whose only cookie is the theme still sees the anonymous page (copies are kept per theme). */
const THEME_COOKIE_ONLY = new RegExp(`^(?:\\s*${THEME_COOKIE}=(?:dark|light)\\s*;?\\s*)?$`);
/** Memory the copies may take in all (HTML is counted as UTF-16, as V8 may hold it). */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 512 * 1024;
/**
 * Query parameters that tracking adds to links (campaigns, ad clicks, mail tools): they never change
 * the page, so `/videos?utm_source=x` is the same copy as `/videos`. Anything else is part of the key.
 */
const TRACKING_PARAMETER =
  /^(?:utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|ref_src|s_cid)$/i;

/**
 * The cache key of a URL: its path and its parameters without tracking ones, in a fixed order (two
 * links that differ only in the order of their parameters show the same page).
 */
export function pageCacheKey(originalUrl: string) {
  const url = new URL(originalUrl, "http://cache.invalid");
  const kept = [...url.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
const CACHED_HEADERS = ["content-type", "cache-control", "vary", "link"];
/** Marks this process's own refresh requests; the random value keeps anyone else from sending it. */
const REFRESH_HEADER = "x-verdeo-page-refresh";
const REFRESH_TOKEN = randomBytes(16).toString("hex");

export function publicPageCache(options: {
  ttlMs: number;
  maxStaleMs?: number;
  /** Whether the route serving a request declared itself a public page (`handle.cache`). */
  isPublicPage: (req: Request, res: Response) => boolean;
  /** Bound on the memory all copies take together; the least recently used go first. */
  maxBytes?: number;
}): RequestHandler {
  const maxStaleMs = options.maxStaleMs ?? 60_000;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeCalculation: (page) => page.html.length * 2 + 512,
  });
  const refreshing = new Set<string>();

  return (req, res, next) => {
    const cookie = req.headers.cookie ?? "";
    if (req.method !== "GET" || !options.isPublicPage(req, res) || !THEME_COOKIE_ONLY.test(cookie))
      return next();
    const nonce = res.locals.cspNonce as string;
    const key = `${pageCacheKey(req.originalUrl)}|${cookie.includes("dark") ? "dark" : "light"}`;
    const isRefresh = req.headers[REFRESH_HEADER] === REFRESH_TOKEN;
    const hit = isRefresh ? undefined : pages.get(key);
    const now = Date.now();
    if (hit && hit.expires + maxStaleMs > now) {
      if (hit.expires <= now && !refreshing.has(key)) refreshInBackground(req, key, refreshing);
      pageCacheTotal.inc({ result: "hit" });
      return void send(res, hit, nonce);
    }
    // The server's own background refresh is not a visitor's request.
    if (!isRefresh) pageCacheTotal.inc({ result: "miss" });

    capture(res, (status, body) => {
      const headers: Record<string, string> = {};
      for (const name of CACHED_HEADERS) {
        const value = res.getHeader(name);
        if (typeof value === "string") headers[name] = value;
      }
      if (status !== 200 || res.getHeader("set-cookie") || body.length > MAX_BODY_BYTES) return;
      pages.set(key, { headers, html: body.toString("utf8"), nonce, expires: Date.now() + options.ttlMs });
    });
    next();
  };
}

/** Asks this same server for the page again, past the cache; the answer replaces the stale copy. */
function refreshInBackground(req: Request, key: string, refreshing: Set<string>) {
  refreshing.add(key);
  const { localAddress = "127.0.0.1", localPort } = req.socket;
  const host = localAddress.includes(":") ? `[${localAddress}]` : localAddress;
  fetch(`http://${host}:${localPort}${req.originalUrl}`, {
    headers: { cookie: req.headers.cookie ?? "", [REFRESH_HEADER]: REFRESH_TOKEN },
    signal: AbortSignal.timeout(30_000),
  })
    .then((response) => response.arrayBuffer())
    // A refresh that fails (shutting down, database away) leaves the stale copy until maxStaleMs.
    .catch(() => undefined)
    .finally(() => refreshing.delete(key));
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
