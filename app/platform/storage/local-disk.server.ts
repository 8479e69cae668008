import { createWriteStream, type Stats } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type express from "express";
import { writeFileAtomically } from "../temp-files.server";
import {
  attachmentDisposition,
  contentTypeOf,
  keyFromRequestPath,
  MEDIA_CACHE_CONTROL,
  type ObjectInfo,
  PRIVATE_CACHE_CONTROL,
  putBuffer,
  putFileByCopy,
  RangeNotSatisfiableError,
  refuseWrites,
  requireValidKey,
  requireValidPrefix,
  requireValidRange,
  type StorageDriver,
  sendClientError,
  type Visibility,
} from "./driver.server";
import { sendStoredFile } from "./file-response.server";
import type { LinkSigner } from "./signed-links.server";

export interface LocalDiskOptions {
  /** Public objects: everything under it is served at `/media`. */
  publicRoot: string;
  /** Private objects: a folder beside, never inside, the public one. */
  privateRoot: string;
  signer: LinkSigner;
}

/** Files under two folders on one machine: the default, and what a single process needs. */
export function localDiskStorage({ publicRoot, privateRoot, signer }: LocalDiskOptions): StorageDriver {
  const roots: Record<Visibility, string> = {
    public: path.resolve(publicRoot),
    private: path.resolve(privateRoot),
  };
  if (isInside(roots.private, roots.public) || isInside(roots.public, roots.private))
    throw new Error("The private storage folder must not be inside the public one, nor the reverse");
  const fileOf = (visibility: Visibility, key: string) => {
    const file = path.resolve(roots[visibility], requireValidKey(key));
    if (!isInside(file, roots[visibility])) throw new Error(`Storage key outside its root: ${key}`);
    return file;
  };
  const infoOf = (key: string, visibility: Visibility, stats: Stats): ObjectInfo => ({
    key,
    visibility,
    size: stats.size,
    lastModified: stats.mtime,
    // The form express.static gives it, so `/media` and stat() agree.
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    contentType: contentTypeOf(key),
  });
  /** Private first: the objects the app itself reads back (originals) are private. */
  const find = async (key: string) => {
    for (const visibility of ["private", "public"] as const) {
      const stats = await stat(fileOf(visibility, key)).catch(() => undefined);
      if (stats?.isFile()) return infoOf(key, visibility, stats);
    }
    return undefined;
  };

  const driver: Omit<StorageDriver, "put" | "putFile"> = {
    async putStream(key, body, { visibility }) {
      const file = fileOf(visibility, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomically(file, (temporary) =>
        pipeline(body, createWriteStream(temporary, { flags: "wx" })),
      );
      const other = visibility === "public" ? "private" : "public";
      await rm(fileOf(other, key), { force: true });
      return infoOf(key, visibility, await stat(file));
    },
    async getStream(key, range) {
      requireValidRange(range);
      const info = await find(key);
      if (!info) return undefined;
      // Opened before its size is read, so the bytes and the size belong to the same file.
      const handle = await open(fileOf(info.visibility, key), "r").catch(() => undefined);
      if (!handle) return undefined;
      try {
        const stats = await handle.stat();
        const current = infoOf(key, info.visibility, stats);
        const start = range?.start ?? 0;
        if (range && start >= stats.size) throw new RangeNotSatisfiableError(stats.size);
        const end = Math.min(range?.end ?? stats.size - 1, stats.size - 1);
        if (stats.size === 0) {
          await handle.close();
          return { info: current, body: Readable.from([]), start: 0, end: -1 };
        }
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { info: current, body: handle.createReadStream({ start, end }), start, end };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    stat: find,
    async exists(key) {
      return (await find(key)) !== undefined;
    },
    async remove(key) {
      await Promise.all([
        rm(fileOf("public", key), { force: true }),
        rm(fileOf("private", key), { force: true }),
      ]);
    },
    async removePrefix(prefix) {
      requireValidPrefix(prefix);
      await Promise.all(
        Object.values(roots).map((root) => rm(path.join(root, prefix), { recursive: true, force: true })),
      );
    },
    async *list() {
      for (const visibility of ["public", "private"] as const) {
        const entries = await readdir(roots[visibility], { recursive: true, withFileTypes: true }).catch(
          () => [],
        );
        for (const entry of entries) {
          if (!entry.isFile() || entry.name.startsWith(".")) continue;
          const file = path.join(entry.parentPath, entry.name);
          const key = path.relative(roots[visibility], file).split(path.sep).join("/");
          yield { key, visibility, size: (await stat(file)).size };
        }
      }
    },
    async signedUrl(key, options) {
      return signer.sign(requireValidKey(key), options);
    },
    serve() {
      return (req, res, next) => {
        // The same refusals as the S3 driver, before the file system is touched.
        if (refuseWrites(req, res)) return;
        const requested = keyFromRequestPath(req.path);
        if ("status" in requested) return sendClientError(res, requested.status);
        const headers = {
          "Cache-Control": MEDIA_CACHE_CONTROL,
          "Content-Type": contentTypeOf(requested.key),
        };
        sendStoredFile(
          req,
          res,
          { root: roots.public, key: requested.key, headers },
          clientErrorsAsText(res, next),
        );
      };
    },
    serveSigned() {
      return (req, res, next) => {
        if (refuseWrites(req, res)) return;
        const requested = keyFromRequestPath(req.path);
        if ("status" in requested) return sendClientError(res, requested.status);
        const verified = signer.verify(requested.key, req.query);
        if ("status" in verified) return sendClientError(res, verified.status);
        const headers: Record<string, string> = {
          "Content-Type": contentTypeOf(requested.key),
          "Cache-Control": PRIVATE_CACHE_CONTROL,
        };
        if (verified.downloadName)
          headers["Content-Disposition"] = attachmentDisposition(verified.downloadName);
        // From the private folder only.
        sendStoredFile(
          req,
          res,
          { root: roots.private, key: requested.key, headers },
          clientErrorsAsText(res, next),
        );
      };
    },
  };
  const copy = putFileByCopy(driver);
  return {
    ...driver,
    put: putBuffer(driver),
    async putFile(key, file, options) {
      const target = fileOf(options.visibility, key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // Atomic like putStream's write: a reader sees the old object or the whole new one.
        await rename(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        return copy(key, file, options);
      }
      const other = options.visibility === "public" ? "private" : "public";
      await rm(fileOf(other, key), { force: true });
      return infoOf(key, options.visibility, await stat(target));
    },
  };
}

function isInside(file: string, root: string) {
  return file.startsWith(root + path.sep);
}

/** A missing (404) or refused file is answered as plain text; anything else is a server error. */
function clientErrorsAsText(res: express.Response, next: express.NextFunction) {
  return (error: Error & { status?: number; statusCode?: number; code?: string }) => {
    // The client hung up mid-file: nobody to answer, no fault.
    if (error.code === "ECONNABORTED" || error.code === "ECONNRESET") return;
    const status = error.status ?? error.statusCode;
    if (status && status >= 400 && status < 500 && !res.headersSent) return sendClientError(res, status);
    next(error);
  };
}
