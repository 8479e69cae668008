import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import express from "express";
import { config } from "./config.server";

/**
 * Where media files live. Keys are relative paths such as `clips/1.mp4` or `avatars/{userId}/{ts}.webp`;
 * the URL a browser uses is `/media/{key}`. Local disk is the driver here; an S3-compatible driver
 * implements the same four calls.
 */
export interface StorageDriver {
  put(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Express middleware that serves `/media/*` with Range, ETag and long caching. */
  serve(): express.RequestHandler;
}

export const MEDIA_URL_PREFIX = "/media/";

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

export function localDiskStorage(root: string): StorageDriver {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
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
      // express.static answers Range (206/416), ETag, Last-Modified and refuses paths outside root
      // (`..` in any encoding is a 403 before the file system is touched).
      const files = express.static(root, {
        immutable: true,
        maxAge: "365d",
        index: false,
        redirect: false,
        dotfiles: "deny",
        fallthrough: false,
      });
      return (req, res, next) =>
        files(req, res, (error?: { status?: number }) => {
          // A missing or refused file is the client's mistake: answer it here, not as a server error.
          const status = error?.status;
          if (status && status >= 400 && status < 500) {
            res
              .status(status)
              .type("text/plain")
              .send(status === 404 ? "Not found" : "Forbidden");
            return;
          }
          next(error);
        });
    },
  };
}

let driver: StorageDriver | undefined;

export function storage(): StorageDriver {
  driver ??= localDiskStorage(path.join(config().DATA_DIR, "media"));
  return driver;
}
