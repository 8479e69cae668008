import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { closingTestServers } from "../tests/support/test-servers";
import { precompressedAssets, preferredEncoding } from "./precompressed-assets";

const SCRIPT = `export const answer = ${JSON.stringify("forty-two ".repeat(200))};\n`;

const servers = closingTestServers();

/** The assets folder as the build leaves it: app.js with both compressed copies, plain.js without. */
async function startApp(options: { after?: express.RequestHandler; dir?: string } = {}) {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), "verdeo-assets-"));
  writeFileSync(path.join(dir, "app.js"), SCRIPT);
  writeFileSync(path.join(dir, "app.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, "app.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, "plain.js"), SCRIPT);
  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(dir, { immutable: true, maxAge: "1y" }));
  app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y", index: false }));
  if (options.after) app.use(options.after);
  return `${await servers.start(app)}/assets`;
}

/** fetch() always asks for compression and decodes; the raw answer needs node's own client. */
async function rawGet(url: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("precompressed assets", () => {
  it("sends the brotli copy to a browser that takes brotli, as JavaScript, cached for a year", async () => {
    const base = await startApp();
    const answer = await rawGet(`${base}/app.js`, "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it("sends the gzip copy to a browser that takes only gzip", async () => {
    const base = await startApp();
    const answer = await rawGet(`${base}/app.js`, "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body.equals(gzipSync(SCRIPT))).toBe(true);
  });

  it("sends the plain file to a client that takes no compression", async () => {
    const base = await startApp();
    const answer = await rawGet(`${base}/app.js`, "identity");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(SCRIPT);
  });

  it("leaves an asset without a compressed copy to the static files and on-the-fly compression", async () => {
    const base = await startApp();
    const answer = await rawGet(`${base}/plain.js`, "br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.status).toBe(200);
    const missing = await rawGet(`${base}/nothing.js`, "br");
    expect(missing.status).toBe(404);
  });

  it("an asset removed since start-up falls through to a clean 404, not a 500", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "verdeo-assets-"));
    const base = await startApp({
      dir,
      // What answers last (React Router's 404) sets its own Content-Type with append, as it does.
      after: (_req, res) => void res.status(404).append("Content-Type", "text/html").send("Not found"),
    });
    rmSync(path.join(dir, "app.js.br"));
    rmSync(path.join(dir, "app.js"));
    const answer = await rawGet(`${base}/app.js`, "br");
    expect(answer.status).toBe(404);
    // The handler's own answer, not the error page Express shows when setting the type throws.
    expect(answer.body.toString()).toBe("Not found");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-type"]).toContain("text/html");
  });

  it("never serves a compressed copy for a path outside the folder's own names", async () => {
    const base = await startApp();
    const answer = await rawGet(`${base}/..%2Fapp.js`, "br");
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });
});

describe("preferredEncoding", () => {
  const offered = [{ encoding: "br" }, { encoding: "gzip" }];
  it("prefers brotli when the browser weighs both the same, in whatever order it lists them", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", offered)?.encoding).toBe("br");
  });
  it("follows the browser's weights and refusals", () => {
    expect(preferredEncoding("br;q=0.5, gzip", offered)?.encoding).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0", offered)).toBeUndefined();
    expect(preferredEncoding("*", offered)?.encoding).toBe("br");
    expect(preferredEncoding(undefined, offered)).toBeUndefined();
  });
});
