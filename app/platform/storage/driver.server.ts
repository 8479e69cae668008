import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import type express from "express";

/**
 * Where media files live. Keys are relative paths such as `clips/1.mp4` or `avatars/{userId}/{ts}.webp`;
 * the URL a browser uses is `/media/{key}` whichever driver holds the file: local disk by default, an
 * S3-compatible bucket when S3_BUCKET is set (see storage.server.ts). This file holds what every driver
 * shares: the interface, the key rules and how files are served.
 */
export interface StorageDriver {
  put(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Express middleware that serves `/media/*` with Range, ETag and long caching. */
  serve(): express.RequestHandler;
}

export const MEDIA_URL_PREFIX = "/media/";

/** A key names one file for ever (new content gets a new random name), so caches may keep it a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function mediaUrl(key: string) {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The storage key of a `/media/...` URL, or undefined for anything else (e.g. an outside URL). */
export function keyFromMediaUrl(url: string | null | undefined) {
  return url?.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : undefined;
}

/** A random, unguessable file name part. */
export function randomName() {
  return randomBytes(12).toString("base64url");
}

const CONTENT_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

/** The type a key is served as: decided by its name, never by what an uploader claimed. */
export function contentTypeOf(key: string) {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** S3's limit on a key; none of ours comes near it. */
const MAX_KEY_BYTES = 1024;

/**
 * Why a key may not name a media file, as the status a request for it gets: 403 for `..` and dotfiles,
 * 404 for what no driver ever writes (empty, a folder, `//`, a NUL byte). Undefined for a good key.
 */
function keyProblem(key: string): 403 | 404 | undefined {
  const segments = key.split(/[/\\]/);
  if (segments.some((segment) => segment.startsWith("."))) return 403;
  if (segments.includes("") || key.includes("\0") || Buffer.byteLength(key) > MAX_KEY_BYTES) return 404;
  return undefined;
}

/** Guards put/remove/exists: a bad key there is a bug in our code, not a visitor's doing. */
export function requireValidKey(key: string) {
  if (keyProblem(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * The key a `/media` request path (relative to the mount, still percent-encoded) asks for, or the
 * status that refuses it. Decoding once before checking catches `%2e%2e` and `..%2f`; a doubly
 * encoded `%252e` stays a literal `%2e`, which is no traversal on disk or in a bucket.
 */
export function keyFromRequestPath(requestPath: string): { key: string } | { status: 400 | 403 | 404 } {
  let key: string;
  try {
    key = decodeURIComponent(requestPath.replace(/^\//, ""));
  } catch {
    return { status: 400 };
  }
  const status = keyProblem(key);
  return status ? { status } : { key };
}

const CLIENT_ERROR_TEXT: Record<number, string> = { 400: "Bad request", 403: "Forbidden", 404: "Not found" };

/** A missing or refused file is the client's mistake: answered as plain text, never as a server error. */
export function sendClientError(res: express.Response, status: number) {
  res
    .status(status)
    .type("text/plain")
    .send(CLIENT_ERROR_TEXT[status] ?? STATUS_CODES[status] ?? "Error");
}
