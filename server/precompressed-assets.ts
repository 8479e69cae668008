import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** The encodings the build writes beside an asset, best first. */
const ENCODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/**
 * Sends the copy of a built asset that the build compressed at the strongest level (`x.js.br`,
 * `x.js.gz`) when the browser accepts its encoding; anything else falls through to the plain static
 * files (and the on-the-fly compression). Assets are hashed and never change while the server runs,
 * so the folder is listed once: only names found there are ever sent, whatever the request path.
 */
export function precompressedAssets(
  dir: string,
  options: { maxAge: string; immutable: boolean; lastModified?: boolean },
): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const offered = ENCODINGS.filter(({ suffix }) => files.has(name + suffix));
    if (offered.length === 0) return next();
    // Caches must keep one copy per encoding (the plain one included).
    res.vary("Accept-Encoding");
    const pick = preferredEncoding(req.headers["accept-encoding"], offered);
    if (!pick) return next();
    res.setHeader("Content-Encoding", pick.encoding);
    res.type(path.extname(name));
    res.sendFile(name + pick.suffix, { root: dir, ...options }, (error) => {
      if (!error || res.headersSent) return;
      // Gone since start-up (a build replaced under a running server): whatever answers next sets
      // its own type; a second Content-Type would make Express refuse the answer with a 500.
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}

/**
 * The offered encoding the browser rates highest, ties going to the smaller (earlier) one: browsers
 * list gzip before br with the same weight, and `req.acceptsEncodings` would then pick gzip.
 */
export function preferredEncoding<T extends { encoding: string }>(
  header: string | undefined,
  offered: readonly T[],
): T | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  let best: T | undefined;
  let bestWeight = 0;
  for (const candidate of offered) {
    const weight = weights.get(candidate.encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [candidate, weight];
  }
  return best;
}
