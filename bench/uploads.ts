/**
 * Upload throughput: the same bytes sent through Verdeo's tus endpoint (create, one PATCH, the
 * finished upload moved to private storage as the clip's original) and to a bare Node server that
 * writes the request body with fs.createWriteStream, each server in its own process, alternating,
 * medians of several runs. Target: tus ≥ 70% of the bare server's MB/s.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "../server/seed/demo-content";
import { startBuiltServer } from "../tests/support/server-process";
import { makeVideo } from "../tests/support/video-files";
import { report, startReferenceServer } from "./lib";

const MEBIBYTES = Number(process.env.BENCH_UPLOAD_MIB ?? 64);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_RATIO = 0.7;
const CREATOR = "maya@verdeo.local";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function signIn(origin: string) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: CREATOR, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** One tus upload of `body`: creation, then every byte in one PATCH. Returns seconds. */
async function tusUpload(origin: string, cookie: string, body: Buffer, name: string) {
  const started = performance.now();
  const created = await fetch(`${origin}/studio/uploads`, {
    method: "POST",
    headers: {
      cookie,
      Origin: origin,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(body.length),
      "Upload-Metadata": `filename ${Buffer.from(name).toString("base64")}`,
    },
  });
  const location = created.headers.get("location");
  if (created.status !== 201 || !location)
    throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const patched = await fetch(new URL(location, `${origin}/studio/uploads/`), {
    method: "PATCH",
    headers: {
      cookie,
      Origin: origin,
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    body: new Uint8Array(body),
  });
  if (patched.status !== 204) throw new Error(`tus patch: ${patched.status} ${await patched.text()}`);
  return (performance.now() - started) / 1000;
}

async function bareUpload(url: string, body: Buffer) {
  const started = performance.now();
  const response = await fetch(url, { method: "PUT", body: new Uint8Array(body) });
  if (response.status !== 204) throw new Error(`bare upload: ${response.status}`);
  return (performance.now() - started) / 1000;
}

/**
 * What is sent: a real MP4 (one second, made by the tests' own helper) then random bytes to the size.
 * The studio refuses a body whose first bytes are no video container (415), so plain random bytes
 * are not an upload.
 */
function videoBody(size: number) {
  const head = makeVideo("upload-head.mp4", { width: 320, height: 180, seconds: 1 });
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

export async function benchUploads(runCount = RUNS) {
  const folder = mkdtempSync(path.join(tmpdir(), "verdeo-bench-uploads-"));
  // No job workers: the demo's render and the pipeline would share the cores with the uploads.
  const server = await startBuiltServer({ WORKERS: "0", LOG_LEVEL: "warn" });
  const bare = await startReferenceServer("--upload", folder);
  const body = videoBody(MEBIBYTES * 1024 * 1024);
  const tus: number[] = [];
  const reference: number[] = [];
  try {
    const cookie = await signIn(server.url);
    await tusUpload(server.url, cookie, body.subarray(0, 1024 * 1024), "warm-up.mp4");
    await bareUpload(bare.url, body.subarray(0, 1024 * 1024));
    for (let run = 0; run < runCount; run++) {
      tus.push(await tusUpload(server.url, cookie, body, `bench-${run}.mp4`));
      reference.push(await bareUpload(bare.url, body));
    }
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
  const megabytes = body.length / 1e6;
  const tusRate = megabytes / median(tus);
  const bareRate = megabytes / median(reference);
  const ratio = tusRate / bareRate;
  return report(
    "uploads",
    `Uploads of ${MEBIBYTES} MiB: tus to local disk vs a bare fs.createWriteStream server`,
    [
      {
        "tus MB/s": Number(tusRate.toFixed(1)),
        "bare MB/s": Number(bareRate.toFixed(1)),
        "tus s (median)": Number(median(tus).toFixed(2)),
        "bare s (median)": Number(median(reference).toFixed(2)),
        runs: runCount,
        ratio: Number(ratio.toFixed(3)),
        target: `≥ ${TARGET_RATIO}`,
        met: ratio >= TARGET_RATIO,
      },
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUploads();
