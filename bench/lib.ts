import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { renditionPrefix } from "~/media/processing/pipeline.server";
import { demoOriginalKey } from "../server/seed/media";
import { restoreDemoMedia, saveDemoMedia, waitForDemoMedia } from "../tests/support/demo-media";
import { startBuiltServer } from "../tests/support/server-process";
import { describeMachineSpeed, machineSpeed } from "./machine-speed";
import { spreadRows } from "./spread";

/** The demo data for benchmarks is kept between runs: the first run renders the clips once. */
export const BENCH_DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "verdeo-bench-data");

/** The storage key of a demo clip's 720p preview (renditions live under a folder named after the original). */
export const demoPreviewKey = (clipId: number) =>
  `${renditionPrefix(clipId, demoOriginalKey(clipId))}/preview.mp4`;

/** Starts the built server on the benchmark data and waits until the demo clips are rendered. */
export async function startBenchServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  options: { webOnly?: boolean } = {},
) {
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  restoreDemoMedia(BENCH_DATA_DIR);
  const server = await startBuiltServer(
    { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", ...env },
    { dataDir: BENCH_DATA_DIR, readyTimeoutMs: 300_000, nodeArgs },
  );
  try {
    await waitForDemoMedia(server.url, BENCH_DATA_DIR);
  } catch (error) {
    // Left running, it would go on rendering into the data folder the next run starts on.
    await server.stop();
    throw error;
  }
  await saveDemoMedia(BENCH_DATA_DIR);
  if (!options.webOnly) return server;
  // A web node as deployed (docs/scale.md): jobs run in workers, so the catalogue's background work
  // (demo renders, analysis catching up on clips earlier benches left) is not measured with it.
  await server.stop();
  return startBuiltServer(
    { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", ...env, WORKERS: "0" },
    { dataDir: BENCH_DATA_DIR, readyTimeoutMs: 300_000, nodeArgs },
  );
}

/**
 * This process on a started server's database as the app works on it (the same data folder, and
 * BETTER_AUTH_SECRET if given), with the job queue open to enqueue only: paying an order enqueues
 * its documents and mails, which the server works. For making a benchmark's accounts and orders.
 */
export async function openServerDatabase(
  server: { dataDir: string; url: string },
  options: { secret?: string; instanceName: string },
) {
  process.env.DATA_DIR = server.dataDir;
  process.env.PUBLIC_URL = server.url;
  if (options.secret) process.env.BETTER_AUTH_SECRET = options.secret;
  const password = readFileSync(path.join(server.dataDir, "pg-password"), "utf8").trim();
  const { loadConfig } = await import("~/platform/config.server");
  const { connectDatabase, closeDatabase } = await import("~/platform/db/client.server");
  loadConfig();
  const url = `postgres://postgres:${encodeURIComponent(password)}@localhost:5432/postgres?host=${encodeURIComponent(path.join(server.dataDir, "pg"))}`;
  const database = connectDatabase(url, { max: 4 });
  await import("~/jobs.server");
  const { startQueue, stopQueue } = await import("~/platform/jobs/queue.server");
  const { PROCESS_JOBS } = await import("../server/jobs");
  await startQueue({ url, jobs: PROCESS_JOBS, work: false, instanceName: options.instanceName });
  const close = async () => {
    await stopQueue(0);
    await closeDatabase();
  };
  return { database, close };
}

/**
 * A reference server (bench/reference-server.mjs) in its own process, so it gets a core's worth of
 * event loop just like Verdeo, not a share of the load generator's.
 */
export async function startReferenceServer(mode: "--html" | "--file" | "--upload", file: string) {
  const child = spawn(process.execPath, [path.resolve("bench/reference-server.mjs"), mode, file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const match = /PORT (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`reference server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  bytesPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run, reduced to the figures the reports use. */
export async function measure(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 50, duration: 5, ...options });
  return {
    requestsPerSecond: result.requests.average,
    bytesPerSecond: result.throughput.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux: /proc/<pid>/stat). */
export function cpuMillisecondsOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A load measured together with the CPU the serving process spent on it, per request. */
export async function measureWithCpu(pid: number, options: autocannon.Options) {
  const before = cpuMillisecondsOf(pid);
  const result = await measure(options);
  const requests = result.requestsPerSecond * Number(options.duration ?? 5);
  const cpuMsPerRequest = requests > 0 ? (cpuMillisecondsOf(pid) - before) / requests : 0;
  return { ...result, cpuMsPerRequest: Number(cpuMsPerRequest.toFixed(3)) };
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type Row = Record<string, string | number | boolean>;

/** Which code a result is of, and how busy the machine was: a result file says both. */
export function provenance() {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    // Results written by earlier runs are not code.
    const dirty = execFileSync(
      "git",
      ["status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results"],
      { encoding: "utf8" },
    );
    if (dirty.trim()) commit += " (with uncommitted changes)";
  } catch {
    // Not a git checkout: the result says so.
  }
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");
  return { commit, load, measuredAt: new Date().toISOString(), cores: cpus().length, speed: machineSpeed() };
}

/**
 * Prints a table and writes it as JSON and Markdown under bench/results/. Within `npm run bench`
 * (BENCH_SESSION set) each run of a benchmark is kept, and the table states the spread of all its
 * runs so far (bench/spread.ts): min / median / max, a target met only when every run met it.
 */
export function report(name: string, title: string, measured: Row[]) {
  const runs = sessionRuns(name, measured);
  const rows = runs.length > 1 ? spreadRows(runs) : measured;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) => (typeof value === "number" ? formatNumber(value) : String(value ?? ""));
  const made = provenance();
  const markdown = [
    `## ${title}`,
    "",
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${columns.map((column) => cell(row[column])).join(" | ")} |`),
    "",
    ...(runs.length > 1
      ? [
          `${runs.length} runs: numbers as min / median / max; a target is met only when every run met it.`,
          "",
        ]
      : []),
    `Commit ${made.commit}, measured ${made.measuredAt} on ${made.cores} cores; load average at the end (1, 5, 15 min): ${made.load}; ${describeMachineSpeed(made.speed)}.`,
    "",
  ].join("\n");
  console.log(`\n${markdown}`);
  const dir = path.resolve("bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ title, ...made, runs: runs.length, rows, ...(runs.length > 1 ? { eachRun: runs } : {}) }, null, 2)}\n`,
  );
  writeFileSync(path.join(dir, `${name}.md`), markdown);
  writeSummary();
  return markdown;
}

/** This benchmark's earlier runs in this `npm run bench` session, and this one (kept for the next). */
function sessionRuns(name: string, measured: Row[]): Row[][] {
  const session = process.env.BENCH_SESSION;
  if (!session || !/^\w+$/.test(session)) return [measured];
  const dir = path.join(tmpdir(), `verdeo-bench-session-${session}`);
  const file = path.join(dir, `${name}.json`);
  const earlier: Row[][] = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : [];
  const runs = [...earlier, measured];
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(runs));
  return runs;
}

/** The results shown in summary.md, in this order; CPU profiles are kept apart (profile-*.md). */
const SUMMARY_ORDER = [
  "run",
  "startup",
  "pages",
  "load",
  "cluster",
  "search",
  "api",
  "home",
  "orders",
  "media",
  "parallel-sign-ins",
  "vitals",
  "downloads",
  "processing",
  "uploads",
];

/**
 * summary.md gathers the result file of each benchmark as it was last run, so it never shows a
 * figure no result file holds; each section names its own commit and load.
 */
export function writeSummary(dir = path.resolve("bench/results")) {
  const sections = SUMMARY_ORDER.map((name) => path.join(dir, `${name}.md`))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8").trim());
  const intro =
    "Each section is the result file of one benchmark (`bench/results/<name>.md`) as it was last run, with the commit and the load it ran at. `npm run bench` runs them all; each has its own npm script.";
  writeFileSync(
    path.join(dir, "summary.md"),
    `# Verdeo benchmarks\n\n${intro}\n\n${sections.join("\n\n")}\n`,
  );
}

function formatNumber(value: number) {
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}
