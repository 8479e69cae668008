import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/platform/config.server";
import {
  MEDIA_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  RangeNotSatisfiableError,
  type StorageDriver,
} from "~/platform/storage/driver.server";
import { localDiskStorage } from "~/platform/storage/local-disk.server";
import { PRIVATE_PREFIX, type S3StorageOptions, s3Storage } from "~/platform/storage/s3.server";
import { linkSigner } from "~/platform/storage/signed-links.server";
import { storage } from "~/platform/storage/storage.server";
import { S3_TEST_ENGINE, startS3Bucket } from "../support/s3-bucket";

/**
 * One suite for every storage driver: each case below runs against files on local disk and against an
 * S3-compatible bucket (s3rver, or the real engine S3_TEST_ENDPOINT names), through the same Express mounts the app uses (`/media`, `/signed`).
 * What only one driver has (a secret beside the disk root, S3 hang-ups) follows in its own block.
 */
const clip = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
const SECRET = "top-secret-auth-key";
const SIGNING_SECRET = "a-signing-secret-that-is-long-enough";

interface Harness {
  store: StorageDriver;
  /** Where the app-like server listens (its /media and /signed mounts). */
  origin: string;
  /** What the driver passed to next(error): the app logs these as server errors. */
  serverErrors: unknown[];
  /** Mounts extra middleware on the harness's server, before its error handler. */
  extra: express.Router;
  close(): Promise<void>;
}

/** An Express server with the app's storage mounts, for a driver made once the server's URL is known. */
async function serveDriver(makeDriver: (origin: string) => StorageDriver, cleanUp: () => Promise<void>) {
  const app = express();
  const extra = express.Router();
  const serverErrors: unknown[] = [];
  let media: express.RequestHandler = () => {};
  let signed: express.RequestHandler = () => {};
  app.use("/media", (req, res, next) => media(req, res, next));
  app.use("/signed", (req, res, next) => signed(req, res, next));
  app.use(extra);
  app.use(((error, _req, res, _next) => {
    serverErrors.push(error);
    res.status(500).end();
  }) as express.ErrorRequestHandler);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = makeDriver(origin);
  media = store.serve();
  signed = store.serveSigned();
  const harness: Harness = {
    store,
    origin,
    serverErrors,
    extra,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await cleanUp();
    },
  };
  return harness;
}

let diskDir: string;
async function localDisk() {
  const dir = mkdtempSync(path.join(tmpdir(), "verdeo-storage-"));
  diskDir = dir;
  // The secret sits beside the media root, where a traversal would reach it.
  writeFileSync(path.join(dir, "auth-secret"), SECRET);
  mkdirSync(path.join(dir, "media"));
  writeFileSync(path.join(dir, "media", ".hidden"), SECRET);
  return serveDriver(
    (origin) =>
      localDiskStorage({
        publicRoot: path.join(dir, "media"),
        privateRoot: path.join(dir, "private"),
        signer: linkSigner(SIGNING_SECRET, origin),
      }),
    async () => rmSync(dir, { recursive: true, force: true }),
  );
}

let s3Bucket: S3StorageOptions;
let s3Env: Record<string, string>;
async function s3() {
  const bucket = await startS3Bucket();
  s3Bucket = bucket.options;
  s3Env = bucket.env;
  return serveDriver(
    () => s3Storage(s3Bucket),
    () => bucket.close(),
  );
}

/** A raw request: the path goes out exactly as written (fetch would normalise `..`). */
async function request(origin: string, rawPath: string, options: http.RequestOptions = {}) {
  const url = new URL(origin);
  const outgoing = http.request({ host: url.hostname, port: url.port, path: rawPath, ...options });
  outgoing.end();
  const [response] = (await once(outgoing, "response")) as [http.IncomingMessage];
  const body = Buffer.concat(await response.toArray());
  return { status: response.statusCode, headers: response.headers, body };
}

async function bytesOf(stream: Readable) {
  return Buffer.concat(await stream.toArray());
}

/** A stream of `size` pseudo-random bytes made as it is read, and the SHA-256 they hash to. */
function generated(size: number) {
  const hash = createHash("sha256");
  let made = 0;
  const stream = new Readable({
    read() {
      if (made >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(256 * 1024, size - made), made % 255);
      chunk[0] = made & 0xff;
      hash.update(chunk);
      made += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

/** A signed link made an hour ago, valid for a minute: long expired now. */
async function expiredLink(store: StorageDriver, key: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - 3_600_000);
  try {
    return await store.signedUrl(key, { expiresInSeconds: 60 });
  } finally {
    vi.useRealTimers();
  }
}

describe.each([
  ["local disk", localDisk],
  ["S3", s3],
])("storage driver: %s", (_name, start) => {
  let harness: Harness;
  let store: StorageDriver;
  const get = (rawPath: string, options?: http.RequestOptions) => request(harness.origin, rawPath, options);

  beforeAll(async () => {
    harness = await start();
    store = harness.store;
    await store.put("clips/1.mp4", clip, { visibility: "public" });
  });

  afterEach(() => {
    const seen = harness.serverErrors.splice(0);
    expect(seen).toEqual([]);
  });

  afterAll(async () => {
    await harness?.close();
  });

  describe("objects", () => {
    it("stores a public object and tells its size, type and visibility", async () => {
      const info = await store.put("posters/1.jpg", Buffer.from([0xff, 0xd8, 0xff]), {
        visibility: "public",
      });
      expect(info).toMatchObject({
        key: "posters/1.jpg",
        visibility: "public",
        size: 3,
        contentType: "image/jpeg",
      });
      expect(await store.stat("posters/1.jpg")).toMatchObject({ size: 3, visibility: "public" });
      expect(info.etag).toBeTruthy();
      expect(info.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it("tells whether an object exists, before and after it is removed", async () => {
      await store.put("avatars/u1/1.webp", Buffer.from("RIFF"), { visibility: "public" });
      expect(await store.exists("avatars/u1/1.webp")).toBe(true);
      await store.remove("avatars/u1/1.webp");
      expect(await store.exists("avatars/u1/1.webp")).toBe(false);
      expect(await store.stat("avatars/u1/1.webp")).toBeUndefined();
      expect(await store.exists("clips/never-written.mp4")).toBe(false);
      await expect(store.remove("clips/never-written.mp4")).resolves.toBeUndefined();
    });

    it("streams a 12 MiB upload in and out without changing a byte", async () => {
      const upload = generated(12 * 1024 * 1024);
      const info = await store.putStream("originals/big/source.mov", upload.stream, {
        visibility: "private",
      });
      expect(info.size).toBe(12 * 1024 * 1024);
      const read = await store.getStream("originals/big/source.mov");
      expect(read).toBeDefined();
      const hash = createHash("sha256");
      for await (const chunk of read!.body) hash.update(chunk);
      expect(hash.digest("hex")).toBe(upload.digest());
      expect(read).toMatchObject({ start: 0, end: 12 * 1024 * 1024 - 1 });
      expect(read!.info).toMatchObject({ visibility: "private", contentType: "video/quicktime" });
    });

    it("takes over a local file with putFile: stored with its bytes and visibility, the file gone", async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "verdeo-put-file-")), "finished-upload");
      writeFileSync(file, clip);
      const info = await store.putFile("originals/taken/over.mp4", file, { visibility: "private" });
      expect(info).toMatchObject({ size: clip.length, visibility: "private" });
      expect(existsSync(file)).toBe(false);
      const read = await store.getStream("originals/taken/over.mp4");
      expect((await bytesOf(read!.body)).equals(clip)).toBe(true);
    });

    it("reads a byte range: exactly those bytes, an open end, and an end past the object clamped", async () => {
      const middle = await store.getStream("clips/1.mp4", { start: 100, end: 199 });
      expect(middle).toMatchObject({ start: 100, end: 199, info: { size: clip.length } });
      expect((await bytesOf(middle!.body)).equals(clip.subarray(100, 200))).toBe(true);
      const tail = await store.getStream("clips/1.mp4", { start: 4000 });
      expect((await bytesOf(tail!.body)).equals(clip.subarray(4000))).toBe(true);
      const clamped = await store.getStream("clips/1.mp4", { start: 4090, end: 10_000 });
      expect(clamped).toMatchObject({ start: 4090, end: clip.length - 1 });
      expect((await bytesOf(clamped!.body)).equals(clip.subarray(4090))).toBe(true);
    });

    it("refuses a range that starts past the end, naming the object's size", async () => {
      const refused = store.getStream("clips/1.mp4", { start: clip.length });
      await expect(refused).rejects.toThrow(RangeNotSatisfiableError);
      await expect(refused).rejects.toMatchObject({ size: clip.length });
      await expect(store.getStream("clips/1.mp4", { start: 10, end: 5 })).rejects.toThrow(
        /Invalid byte range/,
      );
    });

    it("answers a read of a missing object with undefined", async () => {
      expect(await store.getStream("clips/404.mp4")).toBeUndefined();
      expect(await store.getStream("clips/404.mp4", { start: 0, end: 10 })).toBeUndefined();
    });

    it("leaves no object behind when the uploaded stream fails midway", async () => {
      const failing = new Readable({ read() {} });
      failing.push(Buffer.alloc(64 * 1024, 1));
      setTimeout(() => failing.destroy(new Error("client went away")), 20);
      await expect(
        store.putStream("originals/broken/source.mp4", failing, { visibility: "private" }),
      ).rejects.toThrow(/client went away/);
      expect(await store.stat("originals/broken/source.mp4")).toBeUndefined();
    });

    it("removes every object under a folder, public and private, and nothing beside it", async () => {
      for (const [key, visibility] of [
        ["renditions/7/720.mp4", "public"],
        ["renditions/7/sub/poster.jpg", "public"],
        ["renditions/7/source.mov", "private"],
        ["renditions/70/720.mp4", "public"],
      ] as const) {
        await store.put(key, clip, { visibility });
      }
      await store.removePrefix("renditions/7/");
      expect(await store.exists("renditions/7/720.mp4")).toBe(false);
      expect(await store.exists("renditions/7/sub/poster.jpg")).toBe(false);
      expect(await store.exists("renditions/7/source.mov")).toBe(false);
      expect(await store.exists("renditions/70/720.mp4")).toBe(true);
      await expect(store.removePrefix("renditions/7")).rejects.toThrow(/Invalid storage prefix/);
      await expect(store.removePrefix("../")).rejects.toThrow(/Invalid storage prefix/);
      await expect(store.removePrefix("/")).rejects.toThrow(/Invalid storage prefix/);
    });

    it("lists every object with its visibility and size, for backups", async () => {
      await store.put("listing/a/poster.jpg", Buffer.from("abc"), { visibility: "public" });
      await store.put("listing/original.mov", Buffer.from("abcdef"), { visibility: "private" });
      const listed = [];
      for await (const object of store.list()) if (object.key.startsWith("listing/")) listed.push(object);
      expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: "listing/a/poster.jpg", visibility: "public", size: 3 },
        { key: "listing/original.mov", visibility: "private", size: 6 },
      ]);
    });

    it("refuses a key that climbs out or hides before touching the store", async () => {
      const options = { visibility: "public" } as const;
      await expect(store.put("../escape.mp4", clip, options)).rejects.toThrow(/Invalid storage key/);
      await expect(store.put("clips/.hidden", clip, options)).rejects.toThrow(/Invalid storage key/);
      await expect(store.put(".private/clips/1.mp4", clip, options)).rejects.toThrow(/Invalid storage key/);
      await expect(store.exists("")).rejects.toThrow(/Invalid storage key/);
      await expect(store.signedUrl("../auth-secret", { expiresInSeconds: 60 })).rejects.toThrow(
        /Invalid storage key/,
      );
    });
  });

  describe("private objects", () => {
    beforeAll(async () => {
      await store.put("originals/1/source.mp4", clip, { visibility: "private" });
    });

    it("are never served by /media", async () => {
      for (const method of ["GET", "HEAD"]) {
        const response = await get("/media/originals/1/source.mp4", { method });
        expect(response.status).toBe(404);
        expect(response.body.includes(clip.subarray(0, 64))).toBe(false);
      }
      expect(await store.stat("originals/1/source.mp4")).toMatchObject({ visibility: "private" });
    });

    it("leave /media the moment a public object is stored again as private, and come back", async () => {
      await store.put("previews/9.mp4", clip, { visibility: "public" });
      expect((await get("/media/previews/9.mp4")).status).toBe(200);
      await store.put("previews/9.mp4", clip, { visibility: "private" });
      expect((await get("/media/previews/9.mp4")).status).toBe(404);
      expect(await store.stat("previews/9.mp4")).toMatchObject({ visibility: "private" });
      await store.put("previews/9.mp4", clip, { visibility: "public" });
      expect((await get("/media/previews/9.mp4")).status).toBe(200);
      expect(await store.stat("previews/9.mp4")).toMatchObject({ visibility: "public" });
    });

    it("are downloaded through a signed link, under the name given, never cached by others", async () => {
      const link = await store.signedUrl("originals/1/source.mp4", {
        expiresInSeconds: 60,
        downloadName: "Rain on “leaves”.mp4",
      });
      const response = await fetch(link);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(clip)).toBe(true);
      expect(response.headers.get("content-type")).toBe("video/mp4");
      expect(response.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
      const disposition = response.headers.get("content-disposition");
      expect(disposition).toMatch(/^attachment; filename="Rain on _leaves_.mp4"; /);
      expect(disposition).toContain("filename*=UTF-8''Rain%20on%20%E2%80%9Cleaves%E2%80%9D.mp4");
    });

    it("answer a byte range through a signed link", async () => {
      const link = await store.signedUrl("originals/1/source.mp4", { expiresInSeconds: 60 });
      const response = await fetch(link, { headers: { Range: "bytes=10-19" } });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes 10-19/${clip.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(clip.subarray(10, 20))).toBe(true);
    });

    it("refuse an expired signed link with 403", async () => {
      const response = await fetch(await expiredLink(store, "originals/1/source.mp4"));
      expect(response.status).toBe(403);
      expect(Buffer.from(await response.arrayBuffer()).includes(clip.subarray(0, 64))).toBe(false);
    });

    it("give no signed link to a public object", async () => {
      const response = await fetch(await store.signedUrl("clips/1.mp4", { expiresInSeconds: 60 }));
      expect(response.status).toBe(404);
    });

    it("refuse a link lifetime under a second or over a week", async () => {
      for (const expiresInSeconds of [0, -1, 1.5, 7 * 24 * 3600 + 1]) {
        await expect(store.signedUrl("originals/1/source.mp4", { expiresInSeconds })).rejects.toThrow(
          /A signed link lasts/,
        );
      }
    });
  });

  describe("delivery at /media", () => {
    it("serves an object whole with its type, validators and a year of immutable caching", async () => {
      const response = await get("/media/clips/1.mp4");
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("video/mp4");
      expect(response.headers["content-length"]).toBe(String(clip.length));
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.headers.etag).toBeTruthy();
      expect(response.headers["last-modified"]).toBeTruthy();
      expect(response.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
      expect(response.body.equals(clip)).toBe(true);
    });

    it("serves posters as image/jpeg", async () => {
      await store.put("posters/2.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0]), { visibility: "public" });
      const response = await get("/media/posters/2.jpg");
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("image/jpeg");
    });

    it("answers a byte range with 206, exactly those bytes and Content-Range", async () => {
      const response = await get("/media/clips/1.mp4", { headers: { Range: "bytes=100-199" } });
      expect(response.status).toBe(206);
      expect(response.headers["content-range"]).toBe(`bytes 100-199/${clip.length}`);
      expect(response.headers["content-length"]).toBe("100");
      expect(response.body.equals(clip.subarray(100, 200))).toBe(true);
    });

    it("answers an open-ended range", async () => {
      const open = await get("/media/clips/1.mp4", { headers: { Range: "bytes=4000-" } });
      expect(open.status).toBe(206);
      expect(open.body.equals(clip.subarray(4000))).toBe(true);
    });

    it("answers an unsatisfiable range with 416 and the object's size", async () => {
      const range = `bytes=${clip.length}-${clip.length + 10}`;
      const response = await get("/media/clips/1.mp4", { headers: { Range: range } });
      expect(response.status).toBe(416);
      expect(response.headers["content-range"]).toBe(`bytes */${clip.length}`);
    });

    it("answers a revalidation with the same ETag with 304 and no body", async () => {
      const { headers } = await get("/media/clips/1.mp4");
      const response = await get("/media/clips/1.mp4", {
        headers: { "If-None-Match": String(headers.etag) },
      });
      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
    });

    it("answers a revalidation by date with 304 when the object has not changed since", async () => {
      const { headers } = await get("/media/clips/1.mp4");
      const since = String(headers["last-modified"]);
      const response = await get("/media/clips/1.mp4", { headers: { "If-Modified-Since": since } });
      expect(response.status).toBe(304);
    });

    it("answers HEAD with the headers of a GET and no body", async () => {
      const response = await get("/media/clips/1.mp4", { method: "HEAD" });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("video/mp4");
      expect(response.headers["content-length"]).toBe(String(clip.length));
      expect(response.headers.etag).toBeTruthy();
      expect(response.body.length).toBe(0);
    });

    it("answers a missing object with a plain-text 404", async () => {
      for (const method of ["GET", "HEAD"]) {
        const response = await get("/media/clips/404.mp4", { method });
        expect(response.status).toBe(404);
        expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      }
    });

    it("refuses methods other than GET and HEAD with 405 on /media and /signed", async () => {
      for (const mount of ["/media", "/signed"]) {
        const response = await get(`${mount}/clips/1.mp4`, { method: "DELETE" });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD");
      }
      expect(await store.exists("clips/1.mp4")).toBe(true);
    });

    it.each([
      ["/../auth-secret", 403],
      ["/clips/../../auth-secret", 403],
      ["/%2e%2e/auth-secret", 403],
      ["/%2E%2E%2Fauth-secret", 403],
      ["/..%2fauth-secret", 403],
      ["/..%5cauth-secret", 403],
      ["/clips/%2e%2e%2f%2e%2e%2fauth-secret", 403],
      ["/.hidden", 403],
      ["/clips/.hidden", 403],
      ["/.private/originals/1/source.mp4", 403],
      ["//etc/passwd", 404],
      ["/%00../auth-secret", 404],
      ["/clips/", 404],
      ["/", 404],
      ["/%E0%A4%A", 400],
    ])("refuses %s with %i as plain text, leaking nothing", async (rawPath, status) => {
      const response = await get(`/media${rawPath}`);
      expect(response.status).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body.toString()).not.toContain(SECRET);
      expect(response.body.toString()).not.toContain("root:");
    });

    it("looks a doubly encoded `..` up as the literal key it is, and finds nothing", async () => {
      expect((await get("/media/%252e%252e/auth-secret")).status).toBe(404);
    });
  });
});

describe("local disk storage", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await localDisk();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("keeps private objects in their own folder beside the public one", async () => {
    await harness.store.put("originals/3/source.mp4", clip, { visibility: "private" });
    expect(readdirSync(path.join(diskDir, "private", "originals", "3"))).toEqual(["source.mp4"]);
    expect(() => readdirSync(path.join(diskDir, "media", "originals"))).toThrow(/ENOENT/);
  });

  it("leaves no temporary file behind after a failed upload", async () => {
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(1024));
    setTimeout(() => failing.destroy(new Error("cut")), 10);
    await expect(
      harness.store.putStream("originals/4/source.mp4", failing, { visibility: "private" }),
    ).rejects.toThrow(/cut/);
    expect(readdirSync(path.join(diskDir, "private", "originals", "4"))).toEqual([]);
  });

  it("refuses a private folder inside the public one", () => {
    const signer = linkSigner(SIGNING_SECRET, "http://localhost");
    expect(() =>
      localDiskStorage({ publicRoot: diskDir, privateRoot: path.join(diskDir, "p"), signer }),
    ).toThrow(/must not be inside/);
  });

  // s3rver checks the expiry of a presigned link but not its SigV4 signature (S3 itself does): on S3,
  // the signature is tested on a real engine only (below).
  it("refuses a signed link whose key, expiry or signature was changed with 403", async () => {
    await harness.store.put("originals/1/source.mp4", clip, { visibility: "private" });
    await harness.store.put("originals/2/source.mp4", clip, { visibility: "private" });
    const link = new URL(await harness.store.signedUrl("originals/1/source.mp4", { expiresInSeconds: 60 }));
    expect((await fetch(link)).status).toBe(200);
    const otherKey = new URL(link);
    otherKey.pathname = link.pathname.replace("originals/1/", "originals/2/");
    const longer = new URL(link);
    for (const name of ["expires", "X-Amz-Expires"]) {
      if (longer.searchParams.has(name)) longer.searchParams.set(name, "999999");
    }
    const noSignature = new URL(link);
    noSignature.searchParams.delete("signature");
    for (const tampered of [otherKey, longer, noSignature]) {
      expect((await fetch(tampered)).status, tampered.href).toBe(403);
    }
  });

  // s3rver reads `bytes=-10` as `bytes=0-10` (S3 itself answers the last ten bytes): on S3, tested on a
  // real engine only (below).
  it("answers a suffix range at /media", async () => {
    await harness.store.put("clips/1.mp4", clip, { visibility: "public" });
    const suffix = await request(harness.origin, "/media/clips/1.mp4", { headers: { Range: "bytes=-10" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers["content-range"]).toBe(
      `bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`,
    );
    expect(suffix.body.equals(clip.subarray(clip.length - 10))).toBe(true);
  });

  it("refuses a signed link made with another secret", async () => {
    await harness.store.put("originals/5/source.mp4", clip, { visibility: "private" });
    const forger = linkSigner("someone-else's-secret-of-enough-length", harness.origin);
    const response = await fetch(forger.sign("originals/5/source.mp4", { expiresInSeconds: 60 }));
    expect(response.status).toBe(403);
  });
});

describe("S3 storage", () => {
  let harness: Harness;
  /** A stand-in for S3 that never finishes an answer: silent for keys naming "silent", else a first chunk. */
  const stalling = http.createServer((req, res) => {
    if (req.url?.includes("silent")) return;
    res.writeHead(200, { "Content-Length": String(1024 * 1024), ETag: '"stalled"' });
    res.write(Buffer.alloc(64 * 1024));
  });
  /** The promise of the latest request a driver handled, to know when it has let go. */
  let handling: unknown;
  const tracked =
    (serve: express.RequestHandler): express.RequestHandler =>
    (req, res, next) => {
      handling = serve(req, res, next);
      return handling;
    };

  beforeAll(async () => {
    harness = await s3();
    await harness.store.put("clips/1.mp4", clip, { visibility: "public" });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const stallingEndpoint = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
    harness.extra.use("/stalling", tracked(s3Storage({ ...s3Bucket, endpoint: stallingEndpoint }).serve()));
    harness.extra.use("/no-bucket", s3Storage({ ...s3Bucket, bucket: "no-such-bucket" }).serve());
    // Nothing listens on port 1: any S3 call through this driver fails as a server error.
    harness.extra.use("/unreachable", s3Storage({ ...s3Bucket, endpoint: "http://127.0.0.1:1" }).serve());
  });

  afterEach(() => {
    const seen = harness.serverErrors.splice(0);
    expect(seen).toEqual([]);
  });

  afterAll(async () => {
    stalling.closeAllConnections();
    await new Promise((resolve) => stalling.close(resolve));
    await harness?.close();
  });

  const get = (rawPath: string, options?: http.RequestOptions) => request(harness.origin, rawPath, options);

  it("stores objects with their key's media type and caching, private ones under their own prefix", async () => {
    await harness.store.put("posters/1.jpg", Buffer.from([0xff, 0xd8, 0xff]), { visibility: "public" });
    await harness.store.put("originals/6/source.mov", clip, { visibility: "private" });
    const { region, endpoint, forcePathStyle, credentials } = s3Bucket;
    const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
    const poster = await client.send(
      new HeadObjectCommand({ Bucket: s3Bucket.bucket, Key: "posters/1.jpg" }),
    );
    const original = await client.send(
      new HeadObjectCommand({ Bucket: s3Bucket.bucket, Key: `${PRIVATE_PREFIX}originals/6/source.mov` }),
    );
    client.destroy();
    expect(poster.ContentType).toBe("image/jpeg");
    expect(poster.CacheControl).toBe(MEDIA_CACHE_CONTROL);
    expect(original.ContentType).toBe("video/quicktime");
    expect(original.CacheControl).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("copies an object of the bucket outside its keys (a finished upload) to a private key, described as its own, the source kept", async () => {
    const { region, endpoint, forcePathStyle, credentials } = s3Bucket;
    const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
    await client.send(
      new PutObjectCommand({
        Bucket: s3Bucket.bucket,
        Key: ".tus-copied",
        Body: clip,
        ContentType: "text/html",
      }),
    );

    const info = await harness.store.copyBucketObject!(".tus-copied", "originals/7/copied.mp4", {
      visibility: "private",
    });

    expect(info).toMatchObject({ visibility: "private", size: clip.length, contentType: "video/mp4" });
    const copy = await client.send(
      new HeadObjectCommand({ Bucket: s3Bucket.bucket, Key: `${PRIVATE_PREFIX}originals/7/copied.mp4` }),
    );
    expect(copy.ContentType).toBe("video/mp4");
    expect(copy.CacheControl).toBe(PRIVATE_CACHE_CONTROL);
    const read = await harness.store.getStream("originals/7/copied.mp4");
    expect(Buffer.concat(await read!.body.toArray()).equals(clip)).toBe(true);
    expect(
      (await client.send(new HeadObjectCommand({ Bucket: s3Bucket.bucket, Key: ".tus-copied" })))
        .ContentLength,
    ).toBe(clip.length);
    client.destroy();
  });

  it("presigns licensed downloads for the address browsers reach the store by (S3_PUBLIC_ENDPOINT), not the app's", async () => {
    await harness.store.put("originals/7/source.mp4", clip, { visibility: "private" });
    const internal = new URL(s3Bucket.endpoint!);
    // The same store under another name, as a container network's "s3:9000" is "localhost:9000" outside.
    const publicEndpoint = `http://localhost:${internal.port}`;
    const store = s3Storage({ ...s3Bucket, publicEndpoint });
    const link = new URL(await store.signedUrl("originals/7/source.mp4", { expiresInSeconds: 60 }));
    expect(link.host).toBe(`localhost:${internal.port}`);
    expect(link.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(clip)).toBe(true);
    // Without it the link names the app's own address for the store.
    const inside = new URL(
      await s3Storage(s3Bucket).signedUrl("originals/7/source.mp4", { expiresInSeconds: 60 }),
    );
    expect(inside.host).toBe(internal.host);
  });

  // What s3rver does not check, asked of a real engine (S3_TEST_ENDPOINT, see docs/deploy.md).
  const onRealEngine = it.runIf(S3_TEST_ENGINE === "external");

  onRealEngine(
    "has the engine check a presigned download's signature: a changed signature, key or expiry is refused with 403",
    async () => {
      await harness.store.put("originals/8/source.mp4", clip, { visibility: "private" });
      await harness.store.put("originals/9/source.mp4", clip, { visibility: "private" });
      const link = new URL(await harness.store.signedUrl("originals/8/source.mp4", { expiresInSeconds: 60 }));
      const signature = link.searchParams.get("X-Amz-Signature")!;
      const wrongSignature = new URL(link);
      wrongSignature.searchParams.set(
        "X-Amz-Signature",
        `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`,
      );
      const otherKey = new URL(link);
      otherKey.pathname = link.pathname.replace("originals/8/", "originals/9/");
      const longer = new URL(link);
      longer.searchParams.set("X-Amz-Expires", "600");
      for (const tampered of [wrongSignature, otherKey, longer]) {
        const response = await fetch(tampered);
        expect(response.status, tampered.href).toBe(403);
        expect(Buffer.from(await response.arrayBuffer()).includes(clip.subarray(0, 64))).toBe(false);
      }
      const response = await fetch(link);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(clip)).toBe(true);
    },
  );

  onRealEngine("answers a presigned download's suffix range with the last bytes and 206", async () => {
    await harness.store.put("originals/10/source.mp4", clip, { visibility: "private" });
    const link = await harness.store.signedUrl("originals/10/source.mp4", { expiresInSeconds: 60 });
    const response = await fetch(link, { headers: { Range: "bytes=-10" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(
      `bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(clip.subarray(clip.length - 10))).toBe(true);
  });

  onRealEngine("answers a suffix range at /media with the last bytes", async () => {
    const suffix = await get("/media/clips/1.mp4", { headers: { Range: "bytes=-10" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers["content-range"]).toBe(
      `bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`,
    );
    expect(suffix.body.equals(clip.subarray(clip.length - 10))).toBe(true);
  });

  it("serves an S3 ETag (the object's MD5) at /media", async () => {
    expect((await get("/media/clips/1.mp4")).headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it("is the driver storage() picks when S3_BUCKET is set", async () => {
    loadConfig({ ...process.env, ...s3Env });
    await storage().put("clips/through-config.mp4", clip, { visibility: "public" });
    expect(await harness.store.exists("clips/through-config.mp4")).toBe(true);
  });

  // Served by a driver whose S3 is unreachable: a 4xx proves the path was refused without an S3 call.
  it.each([
    ["/../auth-secret", 403],
    ["/%2E%2E%2Fauth-secret", 403],
    ["/clips/.hidden", 403],
    ["/.private/originals/6/source.mov", 403],
    ["//etc/passwd", 404],
    ["/%00../auth-secret", 404],
    ["/", 404],
    ["/%E0%A4%A", 400],
  ])("refuses %s with %i before asking S3", async (rawPath, status) => {
    const response = await get(`/unreachable${rawPath}`);
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("passes any other S3 failure, such as a missing bucket, on as a server error", async () => {
    const response = await get("/no-bucket/clips/1.mp4");
    expect(response.status).toBe(500);
    expect(harness.serverErrors.splice(0)).toEqual([expect.objectContaining({ name: "NoSuchBucket" })]);
  });

  it("cancels the S3 request when the client hangs up before S3 answers", async () => {
    const reachedS3 = once(stalling, "request");
    const url = new URL(harness.origin);
    const outgoing = http.request({ host: url.hostname, port: url.port, path: "/stalling/clips/silent.mp4" });
    outgoing.on("error", () => {}); // the hang-up below is this test's own doing
    outgoing.end();
    const [s3Request] = (await reachedS3) as [http.IncomingMessage];
    const s3Closed = once(s3Request.socket, "close").then(() => "closed");
    outgoing.destroy();
    // S3 never answers: only the driver's cancellation can close its socket, within moments.
    const stillOpen = new Promise((resolve) => setTimeout(resolve, 5_000, "still open").unref());
    expect(await Promise.race([s3Closed, stillOpen])).toBe("closed");
    expect(s3Request.socket.destroyed).toBe(true);
    await handling;
  });

  it("closes the S3 read when the client hangs up mid-body", async () => {
    const reachedS3 = once(stalling, "request");
    const url = new URL(harness.origin);
    const outgoing = http.request({
      host: url.hostname,
      port: url.port,
      path: "/stalling/clips/endless.mp4",
    });
    const answered = once(outgoing, "response");
    outgoing.end();
    const [s3Request] = (await reachedS3) as [http.IncomingMessage];
    const [response] = (await answered) as [http.IncomingMessage];
    response.on("error", () => {}); // the hang-up below is this test's own doing
    await once(response, "data");
    const s3Closed = once(s3Request.socket, "close");
    outgoing.destroy();
    await s3Closed;
    await handling;
    expect((await get("/media/clips/1.mp4")).status).toBe(200);
  });
});
