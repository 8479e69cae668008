import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import type express from "express";

/**
 * Where files live. Keys are relative paths such as `clips/1.mp4` or `avatars/{userId}/{ts}.webp`.
 * Every object is either **public** (served to anyone at `/media/{key}`, cached for a year) or **private**
 * (originals, invoices: never served by `/media`, only through a short-lived signed link). The two are
 * kept apart by the driver (two folders on disk, a reserved prefix in the bucket), so no request path
 * can name a private object. Local disk is the default, an S3-compatible bucket when S3_BUCKET is set
 * (see storage.server.ts and docs/decisions/0006-storage-drivers.md). This file holds what every driver
 * shares: the interface, the key rules and how files are served.
 */
export interface StorageDriver {
  /**
   * Stores a stream under `key` without holding it in memory. A reader never sees half an object, and a
   * stream that fails leaves nothing behind. A key has one visibility: writing it again with the other
   * one moves it (so making an object private takes it off `/media` at once).
   */
  putStream(key: string, body: Readable, options: PutOptions): Promise<ObjectInfo>;
  /** `putStream` for a body already in memory (avatars, posters). */
  put(key: string, body: Buffer, options: PutOptions): Promise<ObjectInfo>;
  /**
   * Stores the local file `file` under `key` and takes it over (it is gone afterwards): on local
   * disk a rename when it is on the same filesystem (a finished upload is not written twice),
   * else a streamed copy.
   */
  putFile(key: string, file: string, options: PutOptions): Promise<ObjectInfo>;
  /**
   * S3 only: stores under `key` a copy of `bucketKey`, an object of the same bucket that is not one of
   * the driver's keys (a finished tus upload), made by the bucket itself (CopyObject): the bytes do
   * not pass through the app again. Up to S3's 5 GiB limit on one copy. The source stays; whoever
   * wrote it removes it.
   */
  copyBucketObject?(bucketKey: string, key: string, options: PutOptions): Promise<ObjectInfo>;
  /**
   * The object's bytes as a stream, or only `range` of them; undefined when there is no such object.
   * Throws RangeNotSatisfiableError when the range starts past the end.
   */
  getStream(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** What is known about the object, or undefined when there is none. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object, public or private; removing what is not there is no error. */
  remove(key: string): Promise<void>;
  /** Removes every object under a folder such as `originals/42/` (must end with `/`). */
  removePrefix(prefix: string): Promise<void>;
  /** Every stored object, public and private (backups list them), in no particular order. */
  list(): AsyncIterable<{ key: string; visibility: Visibility; size: number }>;
  /**
   * A link that lets whoever holds it download one private object until it expires: signed by this
   * app (HMAC) and served at `/signed/...` on local disk, presigned by the bucket on S3. With
   * `downloadName`, browsers save the file under that name. Links to public objects do not work.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /** Express middleware for `/media/*`: public objects with Range, ETag and long caching. */
  serve(): express.RequestHandler;
  /** Express middleware for `/signed/*`: private objects behind a valid, unexpired signature. */
  serveSigned(): express.RequestHandler;
}

export type Visibility = "public" | "private";

export interface PutOptions {
  visibility: Visibility;
  /**
   * Kept as the object's metadata on S3 for readers outside the app. The app itself always serves an
   * object as the type its key's extension names, never as a type an uploader claimed.
   */
  contentType?: string;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range); no `end` means to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectInfo {
  key: string;
  visibility: Visibility;
  /** Size of the whole object in bytes. */
  size: number;
  lastModified: Date;
  etag: string;
  contentType: string;
}

export interface StoredObject {
  info: ObjectInfo;
  /** The bytes asked for; destroy it when stopping early, or the file or connection stays open. */
  body: Readable;
  /** The bytes `body` holds (both included): the whole object unless a range was asked for. */
  start: number;
  end: number;
}

export interface SignedUrlOptions {
  /** How long the link works: at least a second, at most 7 days (S3's own limit on presigned links). */
  expiresInSeconds: number;
  /** The file name a browser saves the download as. */
  downloadName?: string;
}

export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range starts past the end of a ${size}-byte object`);
    this.name = "RangeNotSatisfiableError";
  }
}

export const MEDIA_URL_PREFIX = "/media/";
/** Where signed links to private objects on local disk are served (S3 serves its own). */
export const SIGNED_URL_PREFIX = "/signed/";

/** A key names one file for ever (new content gets a new random name), so caches may keep it a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** A private download belongs to whoever holds the link: no shared cache may keep it. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function mediaUrl(key: string) {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The storage key of a `/media/...` URL, or undefined for anything else (e.g. an outside URL). */
export function keyFromMediaUrl(url: string | null | undefined) {
  return url?.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : undefined;
}

/** A key in a URL path: each segment percent-encoded, the slashes kept. */
export function encodeKey(key: string) {
  return key.split("/").map(encodeURIComponent).join("/");
}

/** A random, unguessable file name part. */
export function randomName() {
  return randomBytes(12).toString("base64url");
}

const CONTENT_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mkv": "video/x-matroska",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".vtt": "text/vtt",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
};

/** The type a key is served as: decided by its name, never by what an uploader claimed. */
export function contentTypeOf(key: string) {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** S3's limit on a key; none of ours comes near it. */
const MAX_KEY_BYTES = 1024;

/**
 * Why a key may not name a file, as the status a request for it gets: 403 for `..` and dotfiles,
 * 404 for what no driver ever writes (empty, a folder, `//`, a NUL byte). Undefined for a good key.
 * Keys never start a segment with a dot, which leaves dot-names free for the drivers' own use.
 */
function keyProblem(key: string): 403 | 404 | undefined {
  const segments = key.split(/[/\\]/);
  if (segments.some((segment) => segment.startsWith("."))) return 403;
  if (segments.includes("") || key.includes("\0") || Buffer.byteLength(key) > MAX_KEY_BYTES) return 404;
  return undefined;
}

/** Guards every driver call: a bad key there is a bug in our code, not a visitor's doing. */
export function requireValidKey(key: string) {
  if (keyProblem(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix for removePrefix: a folder of valid keys, so `clips/1` can never take `clips/10.mp4` along. */
export function requireValidPrefix(prefix: string) {
  if (!prefix.endsWith("/") || keyProblem(prefix.slice(0, -1)))
    throw new Error(`Invalid storage prefix (a folder ending in /): ${JSON.stringify(prefix)}`);
  return prefix;
}

export function requireValidRange(range: ByteRange | undefined) {
  if (!range) return;
  const { start, end } = range;
  const bad =
    !Number.isSafeInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isSafeInteger(end) || end < start));
  if (bad) throw new Error(`Invalid byte range: ${JSON.stringify(range)}`);
}

export function requireValidExpiry(seconds: number) {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS)
    throw new Error(`A signed link lasts 1 to ${MAX_SIGNED_URL_SECONDS} seconds, not ${seconds}`);
  return seconds;
}

/** `putFile` as a streamed copy, then the file removed. */
export function putFileByCopy(driver: Pick<StorageDriver, "putStream">): StorageDriver["putFile"] {
  return async (key, file, options) => {
    const info = await driver.putStream(key, createReadStream(file), options);
    await rm(file, { force: true });
    return info;
  };
}

/** `put` in terms of `putStream`: one write path per driver. */
export function putBuffer(driver: Pick<StorageDriver, "putStream">): StorageDriver["put"] {
  return (key, body, options) => driver.putStream(key, Readable.from([body]), options);
}

/**
 * The key a request path (relative to the mount, still percent-encoded) asks for, or the status that
 * refuses it. Decoding once before checking catches `%2e%2e` and `..%2f`; a doubly encoded `%252e`
 * stays a literal `%2e`, which is no traversal on disk or in a bucket.
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

/**
 * `Content-Disposition` for a download under `name`: a plain ASCII fallback for old clients and the
 * exact UTF-8 name (RFC 6266); quotes, slashes and control characters never reach the header.
 */
export function attachmentDisposition(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]|["\\/]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const CLIENT_ERROR_TEXT: Record<number, string> = { 400: "Bad request", 403: "Forbidden", 404: "Not found" };

/** A missing or refused file is the client's mistake: answered as plain text, never as a server error. */
export function sendClientError(res: express.Response, status: number) {
  res
    .status(status)
    .type("text/plain")
    .send(CLIENT_ERROR_TEXT[status] ?? STATUS_CODES[status] ?? "Error");
}

/** Only reading methods reach a file. */
export function refuseWrites(req: express.Request, res: express.Response) {
  if (req.method === "GET" || req.method === "HEAD") return false;
  res.setHeader("Allow", "GET, HEAD");
  sendClientError(res, 405);
  return true;
}
