/**
 * Where a page's time goes: the built server runs under `--cpu-prof` while one page is asked for
 * by 50 connections, once as an anonymous visitor (a page-cache hit) and once signed in (a full
 * render); the profile's samples are then summed by what they belong to (logging, metrics,
 * Express, compression, React, React Router, the database driver, sessions, the app's own code,
 * Node's HTTP and streams, garbage collection). Each part is given as microseconds of CPU per
 * request. Usage: `npm run bench:profile -- [/page]` (default `/`).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "../server/seed/demo-content";
import { measure, report, startBenchServer } from "./lib";

interface CallFrame {
  functionName: string;
  url: string;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: a sample is counted to the part its own function belongs to. */
const PARTS: [string, RegExp][] = [
  ["logging (pino)", /node_modules\/(pino|pino-http|pino-std-serializers|sonic-boom|thread-stream)\//],
  ["metrics (prom-client)", /node_modules\/prom-client\//],
  ["compression", /node_modules\/compression\/|node:zlib|internal\/zlib/],
  [
    "Express",
    /node_modules\/(express|router|body-parser|finalhandler|send|serve-static|accepts|negotiator|type-is|mime-types|on-finished|cookie|content-type|qs|encodeurl|etag|fresh|parseurl|proxy-addr|range-parser|vary)\//,
  ],
  ["React rendering", /node_modules\/(react-dom|react)\//],
  [
    "React Router (routing, data, serialisation)",
    /node_modules\/(react-router|@react-router|turbo-stream|cookie-es|set-cookie-parser)\//,
  ],
  [
    "sessions (better-auth)",
    /node_modules\/(better-auth|better-call|@better-auth|jose|@noble|kysely|defu|rou3)\//,
  ],
  ["database (pg, drizzle)", /node_modules\/(pg|pg-protocol|pg-pool|pg-types|drizzle-orm|postgres-\w+)\//],
  ["app code (build/)", /\/build\/server\//],
  ["Node HTTP, streams, timers", /node:|internal\//],
  ["other packages", /node_modules\//],
];

function partOf(frame: CallFrame) {
  if (frame.url === "") {
    if (frame.functionName === "(garbage collector)") return "garbage collection";
    if (frame.functionName === "(idle)") return "idle";
    if (frame.functionName === "(program)") return "V8 and native (program)";
    return "native functions";
  }
  return PARTS.find(([, pattern]) => pattern.test(frame.url))?.[0] ?? "other";
}

/**
 * Microseconds of CPU per part, over the samples taken between `from` and `to` (microseconds since
 * the profile began): the measured load, without start-up, warm-up or shutdown.
 */
function sumByPart(profile: Profile, from: number, to: number) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    const frame = frames.get(id)!;
    const part = partOf(frame);
    totals.set(part, (totals.get(part) ?? 0) + delta);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*node_modules\//, "")}`;
    functions.set(name, (functions.get(name) ?? 0) + delta);
  });
  return { totals, functions };
}

async function signIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "buyer@verdeo.local", password: DEMO_PASSWORD }),
  });
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function profileOnce(page: string, signedIn: boolean, duration: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "verdeo-profile-"));
  // The profile's clock starts with the process: the load's window is placed on it from here.
  const spawned = performance.now();
  const server = await startBenchServer({}, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  try {
    const headers = signedIn ? { cookie: await signIn(server.url) } : undefined;
    // Warm up (the page cache, V8's compiled code), then the measured load.
    await measure({ url: `${server.url}${page}`, duration: 2, headers });
    const from = (performance.now() - spawned) * 1000;
    const load = await measure({ url: `${server.url}${page}`, duration, headers });
    const to = (performance.now() - spawned) * 1000;
    await server.stop();
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no profile");
    const { totals, functions } = sumByPart(JSON.parse(readFileSync(path.join(dir, file), "utf8")), from, to);
    const requests = load.requestsPerSecond * duration;
    console.log(`\nBusiest functions (${signedIn ? "signed in" : "anonymous"}, µs per request):`);
    for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`${String(Math.round(us / requests)).padStart(7)}  ${name}`);
    return { load, totals, requests };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const page = process.argv[2] ?? "/";
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rows = [];
for (const signedIn of [false, true]) {
  const { load, totals, requests } = await profileOnce(page, signedIn, duration);
  const busy = [...totals].filter(([part]) => part !== "idle");
  const all = busy.reduce((sum, [, us]) => sum + us, 0);
  for (const [part, us] of busy.sort((a, b) => b[1] - a[1])) {
    rows.push({
      visitor: signedIn ? "signed in" : "anonymous",
      "req/s": load.requestsPerSecond,
      part,
      "µs per request": Math.round(us / requests),
      share: `${((100 * us) / all).toFixed(1)}%`,
    });
  }
}
report(
  `profile${page.replace(/\W+/g, "-").replace(/-$/, "")}`,
  `Where the time of ${page} goes (CPU per request, 50 connections)`,
  rows,
);
