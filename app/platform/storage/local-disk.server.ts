import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import express from "express";
import { writeFileAtomically } from "../temp-files.server";
import {
  contentTypeOf,
  keyFromRequestPath,
  MEDIA_CACHE_CONTROL,
  requireValidKey,
  type StorageDriver,
  sendClientError,
} from "./driver.server";

/** Media as files under one folder: the default, and what a single machine needs. */
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
      await writeFileAtomically(file, (temporary) => writeFile(temporary, body));
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
