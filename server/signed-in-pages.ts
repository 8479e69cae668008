import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { THEME_COOKIE } from "~/accounts/profiles/theme";
import { PERSONAL_DATA_REGION } from "~/platform/http/personal-regions";
import { LANGUAGE_COOKIE } from "~/platform/i18n/negotiate";
import type { CachedPage, PublicPageCache } from "./page-cache";
import { joinPage, type PageTemplate, pageTemplate, personalRegions } from "./page-regions";
import type { PersonalChanges } from "./personal-changes";
import { captureAnswer, chooseEncoding, compressInBackground, type StoredAnswer } from "./stored-answer";

/**
 * Signed-in visitors' public pages at the speed of cached ones (docs/decisions/0029). A signed-in
 * visitor's first request for a public page renders whole, as before; its personal regions (the
 * account menu, the save menu, the JSON block) are kept, per session and page. Their next requests
 * are the anonymous copy with those regions put in: no session read, no query, no React render.
 *
 * What is kept is dropped when it may be wrong: the person's own writes (any non-GET request with
 * their session, announced to every process before its answer is sent, sign-out included), a staff
 * change to them (app/platform/http/personal-changes.server.ts), a lost LISTEN connection, and at the
 * latest after `ttlMs`. Anything uncertain (another cookie, a toast, a page that is not public, a
 * render that set a cookie) renders whole, exactly as before.
 */
export interface SignedInPages {
  /** Answers a signed-in GET from the joined page, before any middleware; false to render whole. */
  answer(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders): boolean;
  /** Keeps the personal regions of a signed-in visitor's whole render of a public page. */
  keep: RequestHandler;
  /** Announces the writes of a signed-in visitor to every process before answering. */
  announceWrites: RequestHandler;
  /** What another process announced (`u:<user id>`, `s:<session hash>`). */
  changed(payload: string): void;
  /** Forgets everything (the listener reconnected: it may have missed announcements). */
  reset(): void;
}

interface Kept {
  userId: string;
  generation: number;
  regions: Map<string, Buffer>;
  expires: number;
  /** The last joined body (compressed once, in the background), and the copy it was joined onto. */
  joined?: { page: CachedPage; bodies: StoredAnswer["bodies"] };
}

const SESSION_COOKIE_NAMES = new Set(["__Secure-better-auth.session_token", "better-auth.session_token"]);
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The session cookie and the rest of the Cookie header; null when there is no session or a cookie
 * other than the theme and the language (a toast, a checkout): such requests render whole. The
 * page cache keys its copy by those two (a page without a language in its address is joined only
 * for a visitor who stays in English there: the page cache's own rule).
 */
export function splitSessionCookie(header: string | undefined): { session: string; rest: string } | null {
  if (!header) return null;
  let session: string | null = null;
  let rest = "";
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (!name) continue;
    if (SESSION_COOKIE_NAMES.has(name)) session = part.slice(at + 1).trim();
    else if (name === THEME_COOKIE || name === LANGUAGE_COOKIE)
      rest = rest ? `${rest}; ${part.trim()}` : part.trim();
    else return null;
  }
  return session ? { session, rest } : null;
}

/** What announcements name a session by: it never shows the cookie itself. */
export function sessionHash(session: string) {
  return createHash("sha256").update(session).digest("base64url").slice(0, 22);
}

export function signedInPages(options: {
  pageCache: PublicPageCache;
  changes: Pick<PersonalChanges, "listening" | "announce">;
  /** The user id of a session cookie (a database read), for announcing a write by user. */
  userOfSession: (cookieHeader: string) => Promise<string | null>;
  ttlMs?: number;
  maxBytes?: number;
}): SignedInPages {
  const ttlMs = options.ttlMs ?? 60_000;
  const kept = new LRUCache<string, Kept>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) =>
      512 + [...entry.regions.values()].reduce((sum, region) => sum + region.length, 0),
  });
  /** Session hash -> user id, for announcements that name a session. */
  const sessionUsers = new LRUCache<string, string>({ max: 100_000 });
  /** Per user, bumped on every change: what was kept under an older generation is not served. */
  const generations = new Map<string, number>();
  /** Bumped on every change: a render under way meanwhile is not kept. */
  let epoch = 0;
  const templates = new WeakMap<CachedPage, PageTemplate | null>();

  const bumpUser = (userId: string) => {
    generations.set(userId, (generations.get(userId) ?? 0) + 1);
    epoch++;
  };
  const changed = (payload: string) => {
    epoch++;
    const id = payload.slice(2);
    if (payload.startsWith("u:")) bumpUser(id);
    else if (payload.startsWith("s:")) {
      const userId = sessionUsers.get(id);
      if (userId) bumpUser(userId);
    }
  };

  const templateOf = (page: CachedPage) => {
    let template = templates.get(page);
    if (template === undefined) {
      template = pageTemplate(page.bodies.identity.toString("utf8"));
      templates.set(page, template);
    }
    return template;
  };

  const answer: SignedInPages["answer"] = (req, res, headers) => {
    if (req.method !== "GET" || !options.changes.listening) return false;
    const cookies = splitSessionCookie(req.headers.cookie);
    const copy = cookies && options.pageCache.copyFor(req, cookies.rest);
    if (!cookies || !copy?.page) return false;
    const entry = kept.get(`${cookies.session}|${copy.key}`);
    if (!entry || entry.expires <= Date.now()) return false;
    if (entry.generation !== (generations.get(entry.userId) ?? 0)) return false;
    let joined = entry.joined?.page === copy.page ? entry.joined : undefined;
    if (!joined) {
      const template = templateOf(copy.page);
      const parts = template && joinPage(template, entry.regions);
      if (!parts) return false;
      joined = { page: copy.page, bodies: { identity: Buffer.concat(parts) } };
      entry.joined = joined;
      // A visitor asks for the same page again and again: its compressed copies are made once.
      compressInBackground(joined);
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"], joined.bodies);
    const body = joined.bodies[encoding]!;
    res.writeHead(200, {
      ...copy.page.headers,
      ...headers,
      // This visitor's own page: never kept by a shared cache, nor by the browser.
      "cache-control": "private, no-store",
      "content-length": body.length,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      "x-page-cache": "joined",
    });
    res.end(body);
    return true;
  };

  const keep: RequestHandler = (req, res, next) => {
    const cookies = req.method === "GET" ? splitSessionCookie(req.headers.cookie) : null;
    const copy = cookies && options.pageCache.copyFor(req, cookies.rest);
    if (!cookies || !copy) return next();
    const epochAtStart = epoch;
    captureAnswer(res, (status, body) => {
      if (status !== 200 || res.getHeader("set-cookie") || epoch !== epochAtStart) return;
      const html = body.toString("utf8");
      const regions = personalRegions(html);
      const user = regions && personalUser(regions.get(PERSONAL_DATA_REGION));
      if (!regions || !user) return;
      // An account theme other than the copy's renders whole (its boot script then sets the cookie).
      if (user.theme && !copy.key.includes(`|${user.theme}|`)) return;
      sessionUsers.set(sessionHash(cookies.session), user.id);
      kept.set(`${cookies.session}|${copy.key}`, {
        userId: user.id,
        generation: generations.get(user.id) ?? 0,
        regions,
        expires: Date.now() + ttlMs,
      });
    });
    next();
  };

  const announceWrites: RequestHandler = (req, res, next) => {
    const session = READ_METHODS.has(req.method) ? null : sessionOnly(req.headers.cookie);
    if (!session) return next();
    const hash = sessionHash(session);
    // Read before the write: signing out deletes the session this names.
    const userId = options.userOfSession(`better-auth.session_token=${session}`).catch(() => null);
    changed(`s:${hash}`);
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      changed(`s:${hash}`);
      userId
        .then((id) => {
          if (id) changed(`u:${id}`);
          return options.changes.announce(id ? [`s:${hash}`, `u:${id}`] : [`s:${hash}`]);
        })
        .catch(() => undefined)
        .finally(() => end(...args));
      return res;
    }) as Response["end"];
    next();
  };

  const reset = () => {
    kept.clear();
    epoch++;
  };
  return { answer, keep, announceWrites, changed, reset };
}

/** The session cookie of a non-GET request whatever else it carries (a write always announces). */
function sessionOnly(header: string | undefined) {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && SESSION_COOKIE_NAMES.has(part.slice(0, at).trim())) return part.slice(at + 1).trim();
  }
  return null;
}

/** The signed-in user the JSON block names, or null (an anonymous render, or a malformed block). */
function personalUser(region: Buffer | undefined): { id: string; theme: string | null } | null {
  const json = region?.toString("utf8").match(/<script[^>]*>([\s\S]*)<\/script>/)?.[1];
  if (!json) return null;
  try {
    const user = (JSON.parse(json) as { user?: { id?: unknown; theme?: unknown } }).user;
    return typeof user?.id === "string"
      ? { id: user.id, theme: typeof user.theme === "string" ? user.theme : null }
      : null;
  } catch {
    return null;
  }
}
