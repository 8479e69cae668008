import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import S3rver from "s3rver";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/platform/config.server";
import type { StorageDriver } from "~/platform/storage/driver.server";
import { type S3StorageOptions, s3Storage } from "~/platform/storage/s3.server";
import { storage } from "~/platform/storage/storage.server";

const clip = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
let dir: string;
let s3: S3rver;
let bucket: S3StorageOptions;
let store: StorageDriver;
let server: http.Server;
let port: number;
/** What the drivers passed to next(error): the app logs these as server errors. */
let serverErrors: unknown[] = [];
/** The promise of the latest request a driver handled, to know when it has let go. */
let handling: unknown;
/**
 * A stand-in for S3 that never finishes an answer: silent for keys naming "silent", otherwise the
 * headers and a first chunk of a much longer body. Shows whether a client hanging up reaches S3.
 */
const stalling = http.createServer((req, res) => {
  if (req.url?.includes("silent")) return;
  res.writeHead(200, { "Content-Length": String(1024 * 1024), ETag: '"stalled"' });
  res.write(Buffer.alloc(64 * 1024));
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "verdeo-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: "media", configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  bucket = {
    bucket: "media",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${s3Port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  store = s3Storage(bucket);
  await store.put("clips/1.mp4", clip);

  await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  const stallingEndpoint = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;

  const app = express();
  app.use("/media", tracked(store.serve()));
  app.use("/stalling", tracked(s3Storage({ ...bucket, endpoint: stallingEndpoint }).serve()));
  app.use("/no-bucket", s3Storage({ ...bucket, bucket: "no-such-bucket" }).serve());
  // Nothing listens on port 1: any S3 call through this driver fails as a server error.
  app.use("/unreachable", s3Storage({ ...bucket, endpoint: "http://127.0.0.1:1" }).serve());
  app.use(((error, _req, res, _next) => {
    serverErrors.push(error);
    res.status(500).end();
  }) as express.ErrorRequestHandler);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  const seen = serverErrors;
  serverErrors = [];
  expect(seen).toEqual([]);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  stalling.closeAllConnections();
  await new Promise((resolve) => stalling.close(resolve));
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

function tracked(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    handling = serve(req, res, next);
    return handling;
  };
}

/** A raw request: the path goes out exactly as written (fetch would normalise `..`). */
async function request(rawPath: string, options: http.RequestOptions = {}) {
  const outgoing = http.request({ host: "127.0.0.1", port, path: rawPath, ...options });
  outgoing.end();
  const [response] = (await once(outgoing, "response")) as [http.IncomingMessage];
  const body = Buffer.concat(await response.toArray());
  return { status: response.statusCode, headers: response.headers, body };
}

describe("S3 storage driver", () => {
  it("stores an object with its key's media type and a year of immutable caching", async () => {
    await store.put("posters/1.jpg", Buffer.from([0xff, 0xd8, 0xff]));
    const { region, endpoint, forcePathStyle, credentials } = bucket;
    const client = new S3Client({ region, endpoint, forcePathStyle, credentials });
    const head = await client.send(new HeadObjectCommand({ Bucket: "media", Key: "posters/1.jpg" }));
    client.destroy();
    expect(head.ContentType).toBe("image/jpeg");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("tells whether an object exists, before and after it is removed", async () => {
    await store.put("avatars/u1/1.webp", Buffer.from("RIFF"));
    expect(await store.exists("avatars/u1/1.webp")).toBe(true);
    await store.remove("avatars/u1/1.webp");
    expect(await store.exists("avatars/u1/1.webp")).toBe(false);
    expect(await store.exists("clips/never-written.mp4")).toBe(false);
  });

  it("refuses a key that climbs out or hides before calling S3", async () => {
    await expect(store.put("../escape.mp4", clip)).rejects.toThrow(/Invalid storage key/);
    await expect(store.put("clips/.hidden", clip)).rejects.toThrow(/Invalid storage key/);
    await expect(store.exists("")).rejects.toThrow(/Invalid storage key/);
  });

  it("is the driver storage() picks when S3_BUCKET is set", async () => {
    loadConfig({
      ...process.env,
      S3_BUCKET: "media",
      S3_ENDPOINT: bucket.endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    await storage().put("clips/through-config.mp4", clip);
    expect(await store.exists("clips/through-config.mp4")).toBe(true);
  });
});

describe("media delivery from S3", () => {
  it("serves an object whole with its type, validators and a year of immutable caching", async () => {
    const response = await request("/media/clips/1.mp4");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("video/mp4");
    expect(response.headers["content-length"]).toBe(String(clip.length));
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers["last-modified"]).toBeTruthy();
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.equals(clip)).toBe(true);
  });

  it("answers a byte range with 206, exactly those bytes and Content-Range", async () => {
    const response = await request("/media/clips/1.mp4", { headers: { Range: "bytes=100-199" } });
    expect(response.status).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 100-199/${clip.length}`);
    expect(response.headers["content-length"]).toBe("100");
    expect(response.body.equals(clip.subarray(100, 200))).toBe(true);
  });

  it("answers an unsatisfiable range with 416 and the object's size", async () => {
    const range = `bytes=${clip.length}-${clip.length + 10}`;
    const response = await request("/media/clips/1.mp4", { headers: { Range: range } });
    expect(response.status).toBe(416);
    expect(response.headers["content-range"]).toBe(`bytes */${clip.length}`);
  });

  it("answers a revalidation with the same ETag with 304 and no body", async () => {
    const { headers } = await request("/media/clips/1.mp4");
    const response = await request("/media/clips/1.mp4", {
      headers: { "If-None-Match": String(headers.etag) },
    });
    expect(response.status).toBe(304);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.length).toBe(0);
  });

  it("answers a revalidation by date with 304 when the object has not changed since", async () => {
    const { headers } = await request("/media/clips/1.mp4");
    const response = await request("/media/clips/1.mp4", {
      headers: { "If-Modified-Since": String(headers["last-modified"]) },
    });
    expect(response.status).toBe(304);
  });

  it("answers HEAD with the headers of a GET and no body", async () => {
    const response = await request("/media/clips/1.mp4", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("video/mp4");
    expect(response.headers["content-length"]).toBe(String(clip.length));
    expect(response.headers.etag).toBeTruthy();
    expect(response.body.length).toBe(0);
  });

  it("answers a missing object with a plain-text 404", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await request("/media/clips/404.mp4", { method });
      expect(response.status).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    }
  });

  it("refuses methods other than GET and HEAD with 405", async () => {
    const response = await request("/media/clips/1.mp4", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(await store.exists("clips/1.mp4")).toBe(true);
  });

  // Served by a driver whose S3 is unreachable: a 4xx proves the path was refused without an S3 call.
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
    ["//etc/passwd", 404],
    ["/%00../auth-secret", 404],
    ["/clips/", 404],
    ["/", 404],
    ["/%E0%A4%A", 400],
  ])("refuses %s with %i before asking S3", async (rawPath, status) => {
    const response = await request(`/unreachable${rawPath}`);
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("looks a doubly encoded `..` up as the literal key it is, and finds nothing", async () => {
    expect((await request("/media/%252e%252e/auth-secret")).status).toBe(404);
  });

  it("passes any other S3 failure, such as a missing bucket, on as a server error", async () => {
    const response = await request("/no-bucket/clips/1.mp4");
    expect(response.status).toBe(500);
    expect(serverErrors).toEqual([expect.objectContaining({ name: "NoSuchBucket" })]);
    serverErrors = [];
  });

  it("cancels the S3 request when the client hangs up before S3 answers", async () => {
    const reachedS3 = once(stalling, "request");
    const outgoing = http.request({ host: "127.0.0.1", port, path: "/stalling/clips/silent.mp4" });
    outgoing.on("error", () => {}); // the hang-up below is this test's own doing
    outgoing.end();
    const [s3Request] = (await reachedS3) as [http.IncomingMessage];
    const s3Closed = once(s3Request.socket, "close");
    outgoing.destroy();
    await s3Closed;
    await handling;
  });

  it("closes the S3 read when the client hangs up mid-body", async () => {
    const reachedS3 = once(stalling, "request");
    const outgoing = http.request({ host: "127.0.0.1", port, path: "/stalling/clips/endless.mp4" });
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
    expect((await request("/media/clips/1.mp4")).status).toBe(200);
  });
});
