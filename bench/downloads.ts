/**
 * Download benchmark: a licensee's signed download of a 50 MB private original, through the built
 * server (session-checked download link → 302 → signed storage link streaming the file), against
 * the same file streamed bare by a minimal Node HTTP server in a separate process. Target: the
 * signed download reaches at least 80% of the bare throughput (median of alternating runs).
 * The machine's load moves both figures a lot (shared CPUs): the runs alternate so it hits both alike.
 *   npm run build && npm run bench:downloads        (SIZE_MB=100 ROUNDS=15 to change)
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { startBuiltServer } from "../tests/support/server-process";
import { median, openServerDatabase, report } from "./lib";

const SIZE_MB = Number(process.env.SIZE_MB ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const TARGET = 0.8;
const SECRET = "licensing-download-bench-secret-0123456789";

/** GETs a URL and reads the whole body; returns status, bytes, location. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number; location?: string; disposition?: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              bytes,
              location: res.headers.location,
              disposition: res.headers["content-disposition"],
            }),
          );
          res.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

/**
 * The bare reference: a separate Node process that streams the file and nothing else, in Node's
 * default 64 KiB reads or (for comparison) in the app's 1 MiB reads.
 */
async function startBareServer(file: string, readBytes?: number) {
  const script = `
    const http = require("node:http"); const fs = require("node:fs");
    const size = fs.statSync(process.argv[1]).size;
    const reads = process.argv[2] ? { highWaterMark: Number(process.argv[2]) } : {};
    http.createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": size });
      fs.createReadStream(process.argv[1], reads).pipe(res);
    }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const args = ["-e", script, file, ...(readBytes ? [String(readBytes)] : [])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  );
  return { url: `http://127.0.0.1:${port}/original.mp4`, stop: () => child.kill() };
}

async function main() {
  const buildDir = path.resolve(process.env.VERDEO_BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No build in ${buildDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log("Starting the built server on a fresh embedded PostgreSQL…");
  const server = await startBuiltServer({
    SEED_ON_START: "false",
    BETTER_AUTH_SECRET: SECRET,
    ...(process.env.BENCH_SERVER_ENV ? JSON.parse(process.env.BENCH_SERVER_ENV) : {}),
  });
  try {
    // This process works on the server's database and storage as the app does (same secret, same folders).
    const { database, close } = await openServerDatabase(server, {
      secret: SECRET,
      instanceName: "bench-downloads",
    });
    const { sql, eq } = await import("drizzle-orm");
    const { clips } = await import("~/catalog/schema.server");
    const { storage } = await import("~/platform/storage/storage.server");
    const { createAccount, sessionCookie } = await import("../tests/factories/accounts");
    const { createClip, createProfile } = await import("../tests/factories/catalog");
    const { createPaidOrder } = await import("../tests/factories/licensing");
    const { startDownload } = await import("~/licensing/download-access.server");

    await database.execute(
      sql`insert into niches (id, name, icon, thumbnail_url, display_order) values ('nature', 'Nature', 'leaf', '/x.jpg', 1) on conflict do nothing`,
    );
    const creator = await createProfile();
    const clipId = (await createClip({ userId: creator!.id, title: "Benchmark Original" }))!;
    const key = `originals/${clipId}/bench-original.mp4`;
    const original = path.join(await mkdtemp(path.join(tmpdir(), "verdeo-bench-dl-")), "original.mp4");
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < SIZE_MB; i++) yield randomBytes(1024 * 1024);
        })(),
      ),
      createWriteStream(original),
    );
    const { createReadStream } = await import("node:fs");
    await storage().putStream(key, createReadStream(original), { visibility: "private" });
    await database.update(clips).set({ originalKey: key }).where(eq(clips.id, clipId));
    // The same bytes as a public object: how fast this server streams any file, signed or not.
    const publicKey = `bench/${clipId}-public.mp4`;
    await storage().putStream(publicKey, createReadStream(original), { visibility: "public" });
    const buyer = await createAccount();
    await createPaidOrder({
      userId: buyer.id,
      email: buyer.email,
      downloads: 0,
      billing: "annual",
      planCategory: "pro",
    });
    const cookie = await sessionCookie(buyer.email);
    const started = await startDownload({
      licensee: { userId: buyer.id, name: "Bench Buyer", email: buyer.email },
      clipId,
      variant: "original",
    });
    if (!started.ok) throw new Error(`could not start the download: ${started.reason}`);
    await close();

    const bare = await startBareServer(original);
    const bareLargeReads = await startBareServer(original, 1024 * 1024);
    const bytes = SIZE_MB * 1024 * 1024;
    const signedRuns: number[] = [];
    const bareRuns: number[] = [];
    const linkRuns: number[] = [];
    const fileRuns: number[] = [];
    const signedDownload = async () => {
      const linkStart = performance.now();
      const link = await get(`${server.url}${started.value.url}`, { Cookie: cookie });
      linkRuns.push(performance.now() - linkStart);
      if (link.status !== 302 || !link.location) throw new Error(`download link answered ${link.status}`);
      const fileStart = performance.now();
      const file = await get(new URL(link.location, server.url).toString());
      fileRuns.push(performance.now() - fileStart);
      if (file.status !== 200 || file.bytes !== bytes) throw new Error(`signed link answered ${file.status}`);
      if (!file.disposition?.includes("attachment")) throw new Error("the file is not sent as an attachment");
    };
    const mediaRuns: number[] = [];
    const mediaDownload = async () => {
      const start = performance.now();
      const file = await get(`${server.url}/media/${publicKey}`);
      if (file.bytes !== bytes) throw new Error("/media sent a short file");
      mediaRuns.push(performance.now() - start);
    };
    const bareDownload = async (url = bare.url) => {
      const file = await get(url);
      if (file.bytes !== bytes) throw new Error("bare server sent a short file");
    };
    const bareLargeReadRuns: number[] = [];
    // One of each to warm caches (page cache, JIT), then alternate so drift hits both alike.
    await signedDownload();
    await bareDownload();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [run, runs] of [
        [signedDownload, signedRuns],
        [bareDownload, bareRuns],
        [mediaDownload, [] as number[]],
        [() => bareDownload(bareLargeReads.url), bareLargeReadRuns],
      ] as const) {
        const start = performance.now();
        await run();
        runs.push(performance.now() - start);
      }
    }
    bare.stop();
    bareLargeReads.stop();

    const mbps = (ms: number) => SIZE_MB / (ms / 1000);
    const signed = mbps(median(signedRuns));
    const reference = mbps(median(bareRuns));
    const ratio = signed / reference;
    report("downloads", `Signed download of a ${SIZE_MB} MB original (median of ${ROUNDS})`, [
      {
        path: "bare file stream (separate Node process)",
        "MB/s": Number(reference.toFixed(0)),
        ms: Number(median(bareRuns).toFixed(0)),
      },
      {
        path: "bare file stream reading 1 MiB pieces, as the app does (for comparison)",
        "MB/s": Number(mbps(median(bareLargeReadRuns)).toFixed(0)),
        ms: Number(median(bareLargeReadRuns).toFixed(0)),
      },
      {
        path: "signed download (link check + 302 + signed storage link)",
        "MB/s": Number(signed.toFixed(0)),
        ms: Number(median(signedRuns).toFixed(0)),
      },
      {
        path: "of which streaming the file from the signed storage link",
        "MB/s": Number(mbps(median(fileRuns)).toFixed(0)),
        ms: Number(median(fileRuns).toFixed(0)),
      },
      {
        path: "public file from the same server (/media), for comparison",
        "MB/s": Number(mbps(median(mediaRuns)).toFixed(0)),
        ms: Number(median(mediaRuns).toFixed(0)),
      },
      {
        path: "of which the link check and redirect",
        "MB/s": "",
        ms: Number(median(linkRuns).toFixed(1)),
      },
    ]);
    console.log(
      `Signed download at ${(ratio * 100).toFixed(0)}% of the bare stream (target ≥ ${TARGET * 100}%): ${ratio >= TARGET ? "met" : "NOT met"}`,
    );
    if (ratio < TARGET) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
