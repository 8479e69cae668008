import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { THEME_COOKIE } from "~/accounts/profiles/theme";
import { currencyFromAcceptLanguage } from "~/payments/rates/visitor-currency";
import { DEFAULT_LOCALE, splitLocalePath } from "~/platform/i18n/locales";
import { LANGUAGE_COOKIE, preferredLocale } from "~/platform/i18n/negotiate";
import { pageCacheTotal } from "~/platform/metrics/business.server";
import {
  captureAnswer,
  compressInBackground,
  type StoredAnswer,
  sendStored,
  storableHeaders,
  strongEtag,
} from "./stored-answer";

export { chooseEncoding } from "./stored-answer";

/**
 * A short-lived cache of server-rendered public pages for visitors without a session
 * (docs/decisions/0002).
 *
 * Rendering a page costs far more than sending it, and anonymous visitors all see the same HTML
 * (but for the theme class). Each process keeps its own copies for a few seconds: nothing has to
 * agree across processes, and a change shows up everywhere within `ttlMs` (plus one render). Any
 * cookie other than the theme, any non-GET request, any answer that sets a cookie or is not a plain
 * 200 bypasses it.
 *
 * A hit is a write of stored bytes: a copy's inline scripts are allowed by their hashes in its own
 * Content-Security-Policy instead of a per-request nonce, so its bytes and headers are the same for
 * every visitor, kept once per encoding (identity, gzip, brotli) with an ETag for 304s. Hits are
 * answered before the Express app (`answer`, on Node's own request: the middleware chain cost twice
 * what sending the page does); a rendered page is kept after compression (`keep`).
 *
 * Stale while revalidating: once a copy has expired, visitors keep getting it while one background
 * request (from this process to itself) renders its replacement, so no visitor waits for a render
 * of a page that is cached. A copy older than `maxStaleMs` is not served; the page is rendered then.
 */
/** Only plain 200 answers are kept, so a copy needs no status of its own. */
export type CachedPage = StoredAnswer;

/**
 * A visitor whose only cookies are the theme and the language still sees the anonymous page (copies
 * are kept per theme; the language is in the address).
 */
const ANONYMOUS_COOKIE = new RegExp(`^(?:${THEME_COOKIE}=(?:dark|light)|${LANGUAGE_COOKIE}=[a-z-]{2,5})$`);
const onlyAnonymousCookies = (cookie: string) =>
  cookie
    .split(";")
    .map((part) => part.trim())
    .every((part) => part === "" || ANONYMOUS_COOKIE.test(part));
/** Memory the copies may take in all. */
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
/** Marks this process's own refresh requests; the random value keeps anyone else from sending it. */
const REFRESH_HEADER = "x-verdeo-page-refresh";
const REFRESH_TOKEN = randomBytes(16).toString("hex");
/** A script element without `src`: its text is what the browser hashes. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

export interface PublicPageCache {
  /**
   * Answers a request from its copy, on Node's own request and response, before any middleware;
   * false when there is no fresh copy (the request goes on to the app). `headers` are this answer's
   * own (its request id).
   */
  answer(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders): boolean;
  /** Keeps the rendered page (after compression, before React Router). */
  keep: RequestHandler;
  /**
   * The copy a signed-in visitor's page is joined onto (docs/decisions/0029): the one an anonymous
   * visitor with `cookie` (their cookies without the session's) would get, refreshed the same way; a
   * missing copy is asked for in the background.
   */
  copyFor(req: IncomingMessage, cookie: string): { key: string; page?: CachedPage } | null;
}

export function publicPageCache(options: {
  ttlMs: number;
  maxStaleMs?: number;
  /** Whether the route serving a path declared itself a public page (`handle.cache`). */
  isPublicPage: (pathname: string) => boolean;
  /** The Content-Security-Policy of a copy, given the sources (hashes) its inline scripts need. */
  policy: (scriptSources: string[]) => string;
  /** Bound on the memory all copies take together; the least recently used go first. */
  maxBytes?: number;
}): PublicPageCache {
  const maxStaleMs = options.maxStaleMs ?? 60_000;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    // Counted when stored, before its compressed copies exist: each is smaller than the HTML.
    sizeCalculation: (page) => 2 * page.bodies.identity.length + 512,
  });
  const refreshing = new Set<string>();

  /** The copy's key for a request that may be served from one, else null. */
  const keyOf = (req: IncomingMessage, url: string, cookie = req.headers.cookie ?? "") => {
    if (req.method !== "GET" || cookie.length > 200 || !onlyAnonymousCookies(cookie)) return null;
    const key = pageCacheKey(url);
    const pathname = key.split("?", 1)[0]!;
    if (!options.isPublicPage(pathname)) return null;
    // A page without a language in its address is English only for visitors not sent to their own.
    const acceptLanguage = req.headers["accept-language"];
    if (
      splitLocalePath(pathname).locale === DEFAULT_LOCALE &&
      preferredLocale({ cookie, acceptLanguage }) !== DEFAULT_LOCALE
    )
      return null;
    // Prices show in the currency of the visitor's region (app/payments/visitor-currency.ts): one copy each.
    const currency = currencyFromAcceptLanguage(acceptLanguage);
    return `${key}|${cookie.includes("dark") ? "dark" : "light"}|${currency}`;
  };

  const answer: PublicPageCache["answer"] = (req, res, headers) => {
    if (req.headers[REFRESH_HEADER] === REFRESH_TOKEN) return false;
    const key = keyOf(req, req.url ?? "/");
    const hit = key ? pages.get(key) : undefined;
    const now = Date.now();
    if (!key || !hit || hit.expires + maxStaleMs <= now) return false;
    if (hit.expires <= now && !refreshing.has(key)) refreshInBackground(req, refreshing, key);
    pageCacheTotal.inc({ result: "hit" });
    sendStored(req, res, hit, { ...headers, "x-page-cache": "hit" });
    return true;
  };

  const keep: RequestHandler = (req, res, next) => {
    const key = keyOf(req, req.originalUrl);
    if (!key) return next();
    // The server's own background refresh is not a visitor's request.
    if (req.headers[REFRESH_HEADER] !== REFRESH_TOKEN) pageCacheTotal.inc({ result: "miss" });
    const nonce = res.locals.cspNonce as string;
    captureAnswer(res, (status, body) => {
      if (status !== 200 || res.getHeader("set-cookie") || body.length > MAX_BODY_BYTES) return;
      const headers = storableHeaders(res, ["x-page-cache"]);
      // The copy carries no nonce: its scripts are allowed by their hashes, the same for everyone.
      const html = body.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
      headers["content-security-policy"] = options.policy(scriptHashes(html));
      headers["cache-control"] = sharedCacheControl(options.ttlMs, maxStaleMs);
      // Accept-Language: a copy is kept per region currency (the currency is the region's unless chosen).
      headers.vary = withVary(headers.vary, ["Cookie", "Accept-Encoding", "Accept-Language"]);
      const identity = Buffer.from(html, "utf8");
      const page: CachedPage = {
        headers,
        bodies: { identity },
        etag: strongEtag(identity),
        expires: Date.now() + options.ttlMs,
      };
      pages.set(key, page);
      compressInBackground(page);
    });
    next();
  };

  const copyFor: PublicPageCache["copyFor"] = (req, cookie) => {
    const key = keyOf(req, req.url ?? "/", cookie);
    if (!key) return null;
    const hit = pages.get(key);
    const now = Date.now();
    const stale = !hit || hit.expires <= now;
    if (stale && !refreshing.has(key)) refreshInBackground(req, refreshing, key, cookie);
    return { key, page: hit && hit.expires + maxStaleMs > now ? hit : undefined };
  };

  return { answer, keep, copyFor };
}

/**
 * A copy is the same for every visitor without a session, so a CDN may be the shared page cache:
 * it keeps the copy as long as this process does and serves it stale while it asks again. Browsers
 * revalidate (ETag) every time. `Vary: Cookie` keeps the theme in a shared cache's key and sends any
 * visitor with a session past it (their pages are `private`: app/entry.server.tsx).
 */
export function sharedCacheControl(ttlMs: number, maxStaleMs: number) {
  return `public, max-age=0, s-maxage=${Math.max(1, Math.round(ttlMs / 1000))}, stale-while-revalidate=${Math.round(maxStaleMs / 1000)}`;
}

function withVary(vary: OutgoingHttpHeaders[string], names: string[]) {
  const given = (Array.isArray(vary) ? vary.join(", ") : vary ? String(vary) : "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const missing = names.filter((name) => !given.some((other) => other.toLowerCase() === name.toLowerCase()));
  return [...given, ...missing].join(", ");
}

/** The CSP sources for a page's inline scripts: one sha256 hash each. */
export function scriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, text = ""] of html.matchAll(INLINE_SCRIPT))
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  return [...hashes];
}

/** Asks this same server for the page again, past the cache; the answer replaces the stale copy. */
function refreshInBackground(
  req: IncomingMessage,
  refreshing: Set<string>,
  key: string,
  cookie = req.headers.cookie ?? "",
) {
  refreshing.add(key);
  const { localAddress = "127.0.0.1", localPort } = req.socket;
  const host = localAddress.includes(":") ? `[${localAddress}]` : localAddress;
  fetch(`http://${host}:${localPort}${req.url}`, {
    headers: {
      cookie,
      "accept-language": req.headers["accept-language"] ?? "",
      [REFRESH_HEADER]: REFRESH_TOKEN,
    },
    signal: AbortSignal.timeout(30_000),
  })
    .then((response) => response.arrayBuffer())
    // A refresh that fails (shutting down, database away) leaves the stale copy until maxStaleMs.
    .catch(() => undefined)
    .finally(() => refreshing.delete(key));
}
