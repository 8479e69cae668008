import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import express from "express";
import { config } from "./config.server";
import { s3Storage } from "./storage-s3.server";

/**
 * Where media files live. Keys are relative paths such as `clips/1.mp4` or `avatars/{userId}/{ts}.webp`;
 * the URL a browser uses is `/media/{key}` whichever driver holds the file: local disk by default, an
 * S3-compatible bucket (storage-s3.server.ts) when S3_BUCKET is set.
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

export function localDiskStorage(root: string): StorageDriver {
  const resolve = (key: string) => {
    const file = path.resolve(root, requireValidKey(key));
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key outside the media root: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name, then rename: a reader never sees half a file.
      const temporary = `${file}.${randomName()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async exists(key) {
      return stat(resolve(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    serve() {
      // express.static answers Range (206/416), ETag and Last-Modified; it keeps the headers set here.
      const files = express.static(root, {
        index: false,
        redirect: false,
        dotfiles: "deny",
        fallthrough: false,
        setHeaders: (res, file) => {
          res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
          res.setHeader("Content-Type", contentTypeOf(file));
        },
      });
      return (req, res, next) => {
        // The same refusals as the S3 driver, before the file system is touched.
        const requested = keyFromRequestPath(req.path);
        if ("status" in requested) return sendClientError(res, requested.status);
        files(req, res, (error?: { status?: number }) => {
          const status = error?.status;
          if (status && status >= 400 && status < 500) return sendClientError(res, status);
          next(error);
        });
      };
    },
  };
}

let driver: StorageDriver | undefined;

export function storage(): StorageDriver {
  driver ??= createDriver();
  return driver;
}

function createDriver(): StorageDriver {
  const settings = config();
  if (!settings.S3_BUCKET) return localDiskStorage(path.join(settings.DATA_DIR, "media"));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return s3Storage({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // Without keys the SDK's default chain applies (environment, instance or task role, …).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
