import type express from "express";
import { config } from "../config.server";
import { keyFromRequestPath, MEDIA_URL_PREFIX } from "./driver.server";
import { storage } from "./storage.server";

/**
 * Where a browser fetches a public media file. Stored rows (and the storyboards' WebVTT text) keep
 * the site's own `/media/{key}` paths, whatever serves them; with MEDIA_BASE_URL (a CDN, or the
 * bucket's public address) pages, the API, OpenGraph tags and sitemaps name `{base}/{key}` instead,
 * so the file never passes through Node. Only `/media/` paths change: outside URLs, `/signed/` links
 * and presigned downloads (licensed originals) come back as they are. Storyboards stay on the site:
 * browsers `fetch()` them, which a CDN would have to allow with CORS, and the site rewrites the
 * sprite URLs in their text as it serves them (`serveStoryboards`; docs/deploy.md, "Media: S3 and a
 * CDN").
 */
export function publicMediaUrl(url: string): string;
export function publicMediaUrl(url: string | null): string | null;
export function publicMediaUrl(url: string | null): string | null {
  return url === null ? null : mediaUrlOn(config().MEDIA_BASE_URL, url);
}

/** `publicMediaUrl` for a given base (unset: the URL as stored). */
export function mediaUrlOn(base: string | undefined, url: string): string {
  if (!base || !url.startsWith(MEDIA_URL_PREFIX) || isStoryboard(url)) return url;
  return `${base.replace(/\/+$/, "")}/${url.slice(MEDIA_URL_PREFIX.length)}`;
}

/** A WebVTT storyboard (its path, before any `?query` or `#fragment`). */
function isStoryboard(url: string) {
  return /\.vtt$/i.test(url.split(/[?#]/, 1)[0] ?? "");
}

/** The origin pages fetch media from besides their own (for the Content-Security-Policy), if any. */
export function mediaOrigin(base = config().MEDIA_BASE_URL): string | undefined {
  return base ? new URL(base).origin : undefined;
}

/** A storyboard is one line per second of the clip: far below this. */
const MAX_STORYBOARD_BYTES = 1024 * 1024;

/**
 * Express middleware for `/media/*.vtt` when MEDIA_BASE_URL is set: the storyboard's text with each
 * sprite URL (`/media/…#xywh=…`) made a `publicMediaUrl`, so its frames come from the CDN. Anything
 * else, or a storyboard that is not a public object, goes on to `/media` as before.
 */
export function serveStoryboards(): express.RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isStoryboard(req.path)) return next();
    const requested = keyFromRequestPath(req.path);
    if (!("key" in requested)) return next();
    try {
      const found = await storage().getStream(requested.key);
      if (found?.info.visibility !== "public" || found.info.size > MAX_STORYBOARD_BYTES) {
        found?.body.destroy();
        return next();
      }
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks)
        .toString("utf8")
        .split("\n")
        .map((line) => (line.startsWith(MEDIA_URL_PREFIX) ? publicMediaUrl(line) : line))
        .join("\n");
      // The text depends on MEDIA_BASE_URL, which may change: a day, not the year media keys get.
      res
        .status(200)
        .type("text/vtt; charset=utf-8")
        .set("Cache-Control", "public, max-age=86400")
        .send(text);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A copy of `row` with the named URL fields made `publicMediaUrl`s (the row itself without
 * MEDIA_BASE_URL). For rows on their way to a page, the API or a sitemap; never to be written back.
 */
export function withPublicMediaUrls<T extends object>(row: T, fields: readonly (keyof T)[]): T {
  if (!config().MEDIA_BASE_URL) return row;
  const copy = { ...row };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === "string") copy[field] = publicMediaUrl(value) as T[keyof T];
  }
  return copy;
}
