import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage } from "~/platform/storage/local-disk.server";

const SECRET = "top-secret-auth-key";
const clip = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
const poster = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
let dir: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "verdeo-media-"));
  // The secret sits beside the media root, where a traversal would reach it.
  writeFileSync(path.join(dir, "auth-secret"), SECRET);
  const root = path.join(dir, "media");
  mkdirSync(path.join(root, "clips"), { recursive: true });
  mkdirSync(path.join(root, "posters"), { recursive: true });
  writeFileSync(path.join(root, "clips", "1.mp4"), clip);
  writeFileSync(path.join(root, "posters", "1.jpg"), poster);
  writeFileSync(path.join(root, ".hidden"), SECRET);
  const app = express();
  app.use("/media", localDiskStorage(root).serve());
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: the path goes out exactly as written (fetch would normalise `..`). */
function get(rawPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: rawPath, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

describe("media delivery", () => {
  it("serves a clip whole with its type, validators and a year of immutable caching", async () => {
    const response = await get("/media/clips/1.mp4");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("video/mp4");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers["last-modified"]).toBeTruthy();
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.equals(clip)).toBe(true);
  });

  it("serves posters as image/jpeg", async () => {
    const response = await get("/media/posters/1.jpg");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers a byte range with 206 and Content-Range", async () => {
    const response = await get("/media/clips/1.mp4", { Range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 100-199/${clip.length}`);
    expect(response.headers["content-length"]).toBe("100");
    expect(response.body.equals(clip.subarray(100, 200))).toBe(true);
  });

  it("answers an open-ended and a suffix range", async () => {
    const open = await get("/media/clips/1.mp4", { Range: "bytes=4000-" });
    expect(open.status).toBe(206);
    expect(open.body.equals(clip.subarray(4000))).toBe(true);
    const suffix = await get("/media/clips/1.mp4", { Range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers["content-range"]).toBe(
      `bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`,
    );
  });

  it("answers an unsatisfiable range with 416", async () => {
    const response = await get("/media/clips/1.mp4", { Range: `bytes=${clip.length}-${clip.length + 10}` });
    expect(response.status).toBe(416);
    expect(response.headers["content-range"]).toBe(`bytes */${clip.length}`);
  });

  it("answers a revalidation with the same ETag with 304", async () => {
    const { headers } = await get("/media/clips/1.mp4");
    const response = await get("/media/clips/1.mp4", { "If-None-Match": String(headers.etag) });
    expect(response.status).toBe(304);
    expect(response.body.length).toBe(0);
  });

  it("answers a missing file with 404", async () => {
    expect((await get("/media/clips/404.mp4")).status).toBe(404);
  });

  it.each([
    "/media/../auth-secret",
    "/media/clips/../../auth-secret",
    "/media/%2e%2e/auth-secret",
    "/media/%2E%2E%2Fauth-secret",
    "/media/..%2fauth-secret",
    "/media/..%5cauth-secret",
    "/media/clips/%2e%2e%2f%2e%2e%2fauth-secret",
    "/media/%252e%252e/auth-secret",
    "/media//etc/passwd",
    "/media/%00../auth-secret",
    "/media/.hidden",
  ])("refuses a path outside the media root or hidden: %s", async (rawPath) => {
    const response = await get(rawPath);
    expect([400, 403, 404]).toContain(response.status);
    expect(response.body.toString()).not.toContain(SECRET);
    expect(response.body.toString()).not.toContain("root:");
  });
});
