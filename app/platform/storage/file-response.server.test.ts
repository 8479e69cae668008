import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { mkdir, truncate } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendStoredFile } from "./file-response.server";

const root = mkdtempSync(path.join(tmpdir(), "verdeo-file-response-"));
const contents = randomBytes(5 * 1024 * 1024 + 123);
const failures: (Error & { code?: string; status?: number })[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  writeFileSync(path.join(root, "clip.mp4"), contents);
  // Larger than the socket buffers between the two ends can hold, so the server is still reading it.
  writeFileSync(path.join(root, "shrinking.mp4"), Buffer.alloc(32 * 1024 * 1024, 1));
  await mkdir(path.join(root, "folder"));
  const app = express();
  app.get("/{*key}", (req, res) => {
    const key = decodeURIComponent(req.path.slice(1));
    sendStoredFile(req, res, { root, key, headers: { "X-Test": "kept" } }, (error) => {
      failures.push(error);
      if (!res.headersSent) res.status(error.status ?? 500).end();
      else res.destroy();
    });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("sendStoredFile", () => {
  it("sends a file of several pieces byte for byte, with the headers it was given", async () => {
    const response = await fetch(`${base}/clip.mp4`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-test")).toBe("kept");
    expect(response.headers.get("content-length")).toBe(String(contents.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(contents)).toBe(true);
  });

  it("sends exactly the range asked for when it spans pieces", async () => {
    const start = 1024 * 1024 - 10;
    const end = 3 * 1024 * 1024 + 5;
    const response = await fetch(`${base}/clip.mp4`, { headers: { Range: `bytes=${start}-${end}` } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).equals(contents.subarray(start, end + 1))).toBe(true);
  });

  it("answers a folder and a missing file as not found", async () => {
    failures.length = 0;
    expect((await fetch(`${base}/folder`)).status).toBe(404);
    expect((await fetch(`${base}/missing.mp4`)).status).toBe(404);
    expect(failures.map((failure) => failure.status)).toEqual([404, 404]);
  });

  it("stops reading when the client leaves mid-file, and reports it as the client's leaving", async () => {
    failures.length = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/clip.mp4`, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
    });
    await expect.poll(() => failures.map((failure) => failure.code)).toEqual(["ECONNABORTED"]);
  });

  it("cuts the response off when the file shrinks while it is sent", async () => {
    failures.length = 0;
    const received = await new Promise<{ bytes: number; complete: boolean }>((resolve) => {
      http.get(`${base}/shrinking.mp4`, (response) => {
        let bytes = 0;
        response.once("data", () => {
          response.pause();
          void truncate(path.join(root, "shrinking.mp4"), 1024).then(() => response.resume());
        });
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("close", () => resolve({ bytes, complete: response.complete }));
      });
    });
    expect(received.complete).toBe(false);
    expect(received.bytes).toBeLessThan(32 * 1024 * 1024);
    expect(failures[0]?.message).toMatch(/changed while it was sent/);
  });
});
