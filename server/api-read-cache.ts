import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { isSharedApiRead, sharedReadHeaders } from "~/api/endpoints/shared-reads.server";
import {
  captureAnswer,
  compressInBackground,
  type StoredAnswer,
  sendStored,
  storableHeaders,
  strongEtag,
} from "./stored-answer";

/**
 * The API's public reads (search, a clip, popular clips, niches) kept per process for a few
 * seconds and answered before the Express app (docs/decisions/0030), as the page cache does for
 * public pages (docs/decisions/0002). A kept answer still counts against the caller's rate limits
 * and carries its own RateLimit-* headers; only a key this process authenticated lately is taken
 * without asking PostgreSQL; anything else goes the full way.
 *
 * Answers are kept by their exact request URL: only a URL the full path answered with a 200 is
 * ever answered from here, so a URL the dispatcher would refuse never is. Once a copy expires, one
 * request renews it the full way while the others still get it, so a busy URL never sends every
 * waiting request to the database at once.
 */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
/** An expired answer is still given while one request renews it, for at most this long. */
const MAX_STALE_MS = 30_000;
/** A renewal that has not stored a new answer by then (it failed) is left to the next request. */
const RENEWAL_MS = 5_000;
/** Set per request from the caller and its limits, never stored. */
const PER_CALLER_HEADERS = [
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "ratelimit-policy",
  "retry-after",
  "cache-control",
  "x-page-cache",
];

export interface ApiReadCache {
  /** Answers from a kept copy; false when the request must go to the app (nothing was written). */
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    own: OutgoingHttpHeaders,
    clientIp: string,
  ): Promise<boolean>;
  /** Keeps a shared read's 200 answer as the app writes it (before React Router). */
  keep: RequestHandler;
}

export function apiReadCache(options: {
  ttlMs: number;
  maxBytes?: number;
  /** Whether GET of a path answers the same to everyone (the API's own list by default). */
  isShared?: (pathname: string) => boolean;
  /**
   * A request's own headers after its rate limits (names in lower case, as the stored ones are),
   * or null to send it the full way (the API's by default).
   */
  perCaller?: typeof sharedReadHeaders;
}): ApiReadCache {
  const isShared = options.isShared ?? isSharedApiRead;
  const perCallerOf = options.perCaller ?? sharedReadHeaders;
  const answers = new LRUCache<string, StoredAnswer>({
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeCalculation: (answer) => 2 * answer.bodies.identity.length + 512,
  });

  /** URLs whose kept answer expired and one request is renewing, since when (ms). */
  const renewing = new Map<string, number>();

  const answer: ApiReadCache["answer"] = async (req, res, own, clientIp) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const kept = answers.get(url);
    const now = Date.now();
    if (!kept || kept.expires + MAX_STALE_MS <= now) return false;
    // Expired: this request renews it the full way, while the others get the copy meanwhile.
    if (kept.expires <= now && (renewing.get(url) ?? 0) + RENEWAL_MS <= now) {
      renewing.set(url, now);
      return false;
    }
    const perCaller = await perCallerOf({
      authorization: req.headers.authorization,
      clientIp,
    });
    if (!perCaller) return false;
    sendStored(req, res, kept, { ...perCaller, ...own, "x-api-cache": "hit" });
    return true;
  };

  const keep: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || !isShared(req.path)) return next();
    const url = req.originalUrl;
    captureAnswer(res, (status, body) => {
      if (status !== 200 || res.getHeader("set-cookie") || body.length > MAX_BODY_BYTES) return;
      const stored: StoredAnswer = {
        headers: storableHeaders(res, PER_CALLER_HEADERS),
        bodies: { identity: body },
        etag: String(res.getHeader("etag") ?? strongEtag(body)),
        expires: Date.now() + options.ttlMs,
      };
      answers.set(url, stored);
      renewing.delete(url);
      compressInBackground(stored);
    });
    next();
  };

  return { answer, keep };
}
