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

/** Microseconds of CPU per part, over all samples of the profile. */
function sumByPart(profile: Profile) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const part = partOf(frames.get(id)!);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return totals;
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
  const server = await startBenchServer({}, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  try {
    const headers = signedIn ? { cookie: await signIn(server.url) } : undefined;
    // Warm up (the page cache, V8's compiled code), then the measured load.
    await measure({ url: `${server.url}${page}`, duration: 2, headers });
    const load = await measure({ url: `${server.url}${page}`, duration, headers });
    await server.stop();
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no profile");
    const totals = sumByPart(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
    // The profile spans the whole run (start-up, warm-up): parts are per request of the measured load,
    // so start-up work counts a little; idle is left out.
    const requests = load.requestsPerSecond * duration;
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
