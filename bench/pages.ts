/**
 * Server-rendered pages, two figures each: an anonymous visitor (served from the page cache) and a
 * signed-in one (the cached copy with their own regions joined in, docs/decisions/0029; their first
 * request renders whole and is not measured), both beside a bare Node http server answering a static
 * copy of the same HTML from its own process. Measured back to back, RUNS times, so the ratios hold
 * on a noisy machine; each figure also gives the CPU the serving process spent per request.
 * Targets (issue 40): anonymous and signed in ≥ 40% of the bare server's requests per second, signed
 * in p99 ≤ 100 ms (50 connections), in every run.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "../server/seed/demo-content";
import { startBuiltServer } from "../tests/support/server-process";
import {
  BENCH_DATA_DIR,
  type LoadResult,
  measureWithCpu,
  report,
  startBenchServer,
  startReferenceServer,
} from "./lib";

const PAGES = ["/", "/videos", "/video/1", "/pricing"];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_RATIO = 0.4;
const SIGNED_IN_P99_MS = 100;
const BUYER = "buyer@verdeo.local";

/** Signs the demo buyer in through the log-in form; returns the Cookie header of the session. */
async function signIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: BUYER, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`signing in as ${BUYER} failed (${response.status})`);
  return cookie;
}

type Measured = LoadResult & { cpuMsPerRequest: number };

/** Smallest, middle and largest of the runs' figures. */
function spread(values: number[], digits = 0) {
  const sorted = [...values].sort((a, b) => a - b);
  const show = (value: number) => value.toFixed(digits);
  return `${show(sorted[0]!)} / ${show(sorted[Math.floor(sorted.length / 2)]!)} / ${show(sorted.at(-1)!)}`;
}

/**
 * The server as the other benches start it, or, with BENCH_PAGES_NO_MEDIA=1, at once without jobs
 * (WORKERS=0): demo clips not yet rendered show their "processing" poster, and no ffmpeg takes the
 * CPU from the measurements (a machine without the demo-media cache).
 */
function startServer() {
  if (process.env.BENCH_PAGES_NO_MEDIA !== "1") return startBenchServer();
  return startBuiltServer(
    { LOG_LEVEL: "warn", WORKERS: "0" },
    { dataDir: BENCH_DATA_DIR, readyTimeoutMs: 300_000 },
  );
}

export async function benchPages(duration = Number(process.env.BENCH_SECONDS ?? 5)) {
  const server = await startServer();
  const work = mkdtempSync(path.join(tmpdir(), "verdeo-bench-pages-"));
  const runs = new Map<string, Array<{ bare: Measured; anonymous: Measured; signedIn: Measured }>>();
  try {
    const cookie = await signIn(server.url);
    const pid = server.child.pid!;
    for (let run = 0; run < RUNS; run++) {
      for (const page of PAGES) {
        const url = `${server.url}${page}`;
        const file = path.join(work, "page.html");
        writeFileSync(file, await (await fetch(url)).text());
        // The visitor's first request renders whole; the ones measured are joins.
        const first = await fetch(url, { headers: { cookie } });
        await first.arrayBuffer();
        const bare = await startReferenceServer("--html", file);
        try {
          const reference = await measureWithCpu(bare.pid, { url: `${bare.url}${page}`, duration });
          const anonymous = await measureWithCpu(pid, { url, duration });
          const signedIn = await measureWithCpu(pid, { url, duration, headers: { cookie } });
          runs.set(page, [...(runs.get(page) ?? []), { bare: reference, anonymous, signedIn }]);
        } finally {
          await bare.stop();
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await server.stop();
  }
  const rows = [...runs].map(([page, measured]) => {
    const anonymousRatios = measured.map((m) => m.anonymous.requestsPerSecond / m.bare.requestsPerSecond);
    const ratios = measured.map((m) => m.signedIn.requestsPerSecond / m.bare.requestsPerSecond);
    const p99s = measured.map((m) => m.signedIn.p99);
    const errors = measured.reduce((sum, m) => sum + m.anonymous.non2xx + m.signedIn.non2xx, 0);
    const runsMet = measured.filter(
      (m, i) => ratios[i]! >= TARGET_RATIO && p99s[i]! <= SIGNED_IN_P99_MS && m.signedIn.non2xx === 0,
    ).length;
    return {
      page,
      runs: measured.length,
      "bare req/s (min / median / max)": spread(measured.map((m) => m.bare.requestsPerSecond)),
      "anonymous ratio": spread(anonymousRatios, 2),
      "signed-in req/s": spread(measured.map((m) => m.signedIn.requestsPerSecond)),
      "signed-in ratio": spread(ratios, 2),
      "signed-in p99 ms": spread(p99s),
      "signed-in CPU ms/req": spread(
        measured.map((m) => m.signedIn.cpuMsPerRequest),
        3,
      ),
      "non-2xx": errors,
      target: `ratio ≥ ${TARGET_RATIO} (anonymous and signed in), signed-in p99 ≤ ${SIGNED_IN_P99_MS} ms, every run`,
      "anonymous met": anonymousRatios.every((ratio) => ratio >= TARGET_RATIO) && errors === 0,
      "signed-in runs met": `${runsMet} of ${measured.length}`,
      "signed-in met": runsMet === measured.length,
    };
  });
  return report(
    "pages",
    `Pages: anonymous (page cache) and signed-in (cached copy with the visitor's regions joined) vs a bare Node server in its own process (50 connections, ${RUNS} runs)`,
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages();
