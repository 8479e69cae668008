/**
 * The public API over HTTP against the production build, with its keys and rate limiter as they
 * ship: key-authenticated search (the /developers quick start's query, its cache warm), one clip,
 * and licensing a clip the key's owner licensed before (the same license again, nothing spent),
 * each beside the bare reference server answering a static copy of the same JSON to the same
 * requests (the same keys, addresses and bodies, made by the load generator the same way), measured
 * in turns in one run. Each figure runs RUNS times (3) and is given as min/median/max; a target is met
 * only when the worst run meets it.
 *
 * The requests cycle through many accounts' keys, each from its own address (X-Forwarded-For, with
 * TRUST_PROXY=1), so no key reaches its shipped limit: the limiter does all its work and refuses
 * nothing (a 429 would count as non-2xx and fail the run). The limiter's writes are the rows of
 * rate_limits the server wrote per request (its /metrics), checked against PostgreSQL's own count.
 * The keys are new: their first window, while each key's blocks grow, is measured once and stated
 * apart; the load then runs past that window's end, so the measured runs see keys in steady use.
 *
 *   npm run build && npm run bench:api
 * Target: search ≥ 0.40 of the bare server's requests per second, in every run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  QUICK_START_LICENSE_BODY,
  quickStartLicensePath,
  quickStartSearchPath,
} from "~/api/endpoints/quick-start";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import {
  measure,
  measureWithCpu,
  median,
  openServerDatabase,
  report,
  startBenchServer,
  startReferenceServer,
} from "./lib";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_SECONDS = 3;
const CONNECTIONS = 50;
/** Enough keys that the busiest endpoint stays far under each account's 600 requests a minute. */
const READERS = Number(process.env.BENCH_API_KEYS ?? 1500);
const LICENSEES = 100;
const SEARCH_TARGET = 0.4;
const API = "/api/v1";
/** The window of the API key's rules: the limiter reserves each key's budget per window. */
const WINDOW_SECONDS = RATE_LIMIT_POLICIES.api_key.perKey.windowSeconds;

interface Caller {
  key: string;
  address: string;
}

/** Accounts with a key each (the first LICENSEES with a paid plan), made in the server's database as the app does. */
async function makeCallers(server: { dataDir: string; url: string }) {
  const { database, close } = await openServerDatabase(server, { instanceName: "bench-api" });
  const { createAccount } = await import("../tests/factories/accounts");
  const { apiKeyFor } = await import("../tests/factories/api");
  const { createPaidOrder } = await import("../tests/factories/licensing");
  const callers: Caller[] = [];
  for (let n = 0; n < READERS; n++) {
    const account = await createAccount();
    if (n < LICENSEES) await createPaidOrder({ userId: account.id, email: account.email, downloads: 5 });
    const key = await apiKeyFor(account.id, n < LICENSEES ? ["read", "license"] : ["read"], "Benchmark");
    callers.push({ key, address: `198.18.${(n >> 8) & 255}.${n & 255}` });
  }
  /** Rows of rate_limits PostgreSQL counted as inserted or updated (its statistics lag by up to 10 s). */
  const tableWrites = async () => {
    const { sql } = await import("drizzle-orm");
    const result = await database.execute<{ writes: number }>(
      sql`select (n_tup_ins + n_tup_upd)::int as writes from pg_stat_user_tables where relname = 'rate_limits'`,
    );
    return Number(result.rows[0]?.writes ?? 0);
  };
  /** Rows of rate_limits (one per rule, subject and window) of the API's rules since `since` (unix seconds). */
  const keyWindows = async (since: number) => {
    const { sql } = await import("drizzle-orm");
    const result = await database.execute<{ rows: number }>(
      sql`select count(*)::int as rows from rate_limits where (starts_with(key, 'api-key:') or starts_with(key, 'api-anonymous:')) and window_start >= ${since - 60}`,
    );
    return Number(result.rows[0]?.rows ?? 0);
  };
  return { callers, tableWrites, keyWindows, close };
}

const headersOf = (caller: Caller, json: boolean): Record<string, string> => ({
  authorization: `Bearer ${caller.key}`,
  "x-forwarded-for": caller.address,
  ...(json ? { "content-type": "application/json" } : {}),
});

/** The server's count of rows of rate_limits written, from its Prometheus metrics. */
async function limiterRowWrites(serverUrl: string) {
  const text = await (await fetch(`${serverUrl}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^verdeo_rate_limit_row_writes_total\{[^}]*\} (\d+)/gm))
    total += Number(match[1]);
  return total;
}

const spread = (values: number[], digits = 0) =>
  `${Math.min(...values).toFixed(digits)} / ${median(values).toFixed(digits)} / ${Math.max(...values).toFixed(digits)}`;

async function main() {
  const server = await startBenchServer({ TRUST_PROXY: "1" }, process.env.BENCH_NODE_ARGS?.split(" ") ?? [], {
    webOnly: true,
  });
  const work = mkdtempSync(path.join(tmpdir(), "verdeo-bench-api-"));
  const rows = [];
  let requestsSent = 0;
  let database: Awaited<ReturnType<typeof makeCallers>> | undefined;
  try {
    database = await makeCallers(server);
    // PostgreSQL counts a backend's writes when it has been idle a while (up to 10 s): let making the keys show first.
    await sleep(11_000);
    const writesBefore = await database.tableWrites();
    const startedAt = Math.floor(Date.now() / 1000);
    const { callers } = database;
    const licensees = callers.slice(0, LICENSEES);
    const found = await fetch(`${server.url}${API}${quickStartSearchPath()}`, {
      headers: headersOf(callers[0]!, false),
    });
    const clipId = ((await found.json()) as { clips: { id: number }[] }).clips[0]?.id;
    if (!clipId) throw new Error(`the quick start's search found no clip (${found.status})`);
    // Each licensee licenses the clip once; what is measured is the same request again (200, nothing spent).
    for (const caller of licensees) {
      const first = await fetch(`${server.url}${API}${quickStartLicensePath(clipId)}`, {
        method: "POST",
        headers: headersOf(caller, true),
        body: JSON.stringify(QUICK_START_LICENSE_BODY),
      });
      if (first.status !== 201)
        throw new Error(`licensing clip ${clipId}: ${first.status} ${await first.text()}`);
    }
    requestsSent += 1 + licensees.length;
    const endpoints = [
      { name: "search", method: "GET", path: `${API}${quickStartSearchPath()}`, callers },
      { name: "clip", method: "GET", path: `${API}/clips/${clipId}`, callers },
      { name: "license", method: "POST", path: `${API}${quickStartLicensePath(clipId)}`, callers: licensees },
    ] as const;
    // BENCH_API_ENDPOINTS=search (a comma list) measures only those, e.g. to profile one.
    const only = process.env.BENCH_API_ENDPOINTS?.split(",");
    let keysInSteadyUse = false;
    for (const endpoint of endpoints.filter(({ name }) => !only || only.includes(name))) {
      const post = endpoint.method === "POST";
      const requests = endpoint.callers.map((caller) => ({
        method: endpoint.method,
        path: endpoint.path,
        headers: headersOf(caller, post),
        ...(post ? { body: JSON.stringify(QUICK_START_LICENSE_BODY) } : {}),
      }));
      // Each connection walks the keys from its own place: in step, all 50 would ask with one key
      // at a time, a burst no program's key sends, and wait together whenever its block ran out.
      const callerOfConnection = (context: { next?: number }) => {
        context.next = ((context.next ?? Math.floor(Math.random() * requests.length)) + 1) % requests.length;
        return requests[context.next]!;
      };
      const sample = await fetch(`${server.url}${endpoint.path}`, requests[0] as RequestInit);
      const file = path.join(work, `${endpoint.name}.json`);
      writeFileSync(file, await sample.text());
      if (sample.status !== 200)
        throw new Error(`${endpoint.name}: ${sample.status} ${readFileSync(file, "utf8")}`);
      const bare = await startReferenceServer("--html", file);
      // Both servers get the same requests, made the same way: the load generator builds each keyed
      // request anew, which slows it (on a busy machine here to about 0.6 of a fixed URL's rate), so
      // a bare server asked for one fixed URL would face a faster generator than Verdeo.
      const sent = {
        connections: CONNECTIONS,
        requests: [{ setupRequest: (_request: unknown, context: object) => callerOfConnection(context) }],
      };
      const load = { ...sent, url: server.url };
      /** One run: the bare server, a warm-up (unmeasured), then Verdeo with its limiter's writes. */
      const measureRun = async () => {
        const bareRun = await measureWithCpu(bare.pid, { ...sent, url: bare.url, duration: DURATION });
        // Warm, unmeasured: every key in use lately, as a program's steady traffic keeps it, and the
        // kept answers fresh (the bare run before took longer than either lives).
        const warm = await measure({ ...load, duration: WARM_SECONDS });
        requestsSent += warm.requestsPerSecond * WARM_SECONDS;
        const writesAtStart = await limiterRowWrites(server.url);
        const secondOfWindow = Math.floor(Date.now() / 1000) % WINDOW_SECONDS;
        const verdeo = await measureWithCpu(server.child.pid!, { ...load, duration: DURATION });
        const writes = (await limiterRowWrites(server.url)) - writesAtStart;
        requestsSent += verdeo.requestsPerSecond * DURATION;
        return {
          verdeo,
          bare: bareRun,
          writes: writes / (verdeo.requestsPerSecond * DURATION),
          secondOfWindow,
        };
      };
      const describe = (label: string, run: Awaited<ReturnType<typeof measureRun>>) =>
        console.log(
          `${endpoint.name} ${label} (from second ${run.secondOfWindow} of the window): ${run.verdeo.requestsPerSecond.toFixed(0)} req/s (bare ${run.bare.requestsPerSecond.toFixed(0)}), p99 ${run.verdeo.p99} ms, non-2xx ${run.verdeo.non2xx}, limiter row writes/request ${run.writes.toFixed(4)}`,
        );
      const runs: Awaited<ReturnType<typeof measureRun>>[] = [];
      let firstWindow: (typeof runs)[number] | undefined;
      try {
        if (!keysInSteadyUse) {
          // The keys' first window: each key's blocks start small and grow (a few writes a key,
          // docs/decisions/0028-rate-limit-reservations.md). Stated, not the target: then the load
          // goes on past the window's end, so every key starts the next window with a block the
          // size of what it spent in this one (one write a key a window), as steady traffic does.
          firstWindow = await measureRun();
          describe("in the keys' first window", firstWindow);
          const left = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
          const through = await measure({ ...load, duration: Math.ceil(left) + WARM_SECONDS });
          requestsSent += through.requestsPerSecond * (Math.ceil(left) + WARM_SECONDS);
          keysInSteadyUse = true;
        }
        for (let run = 0; run < RUNS; run++) {
          runs.push(await measureRun());
          describe(`run ${run + 1}`, runs.at(-1)!);
        }
      } finally {
        await bare.stop();
      }
      const ratios = runs.map((run) => run.verdeo.requestsPerSecond / run.bare.requestsPerSecond);
      const errors = runs.reduce((sum, run) => sum + run.verdeo.non2xx + run.verdeo.errors, 0);
      const target = endpoint.name === "search" ? SEARCH_TARGET : null;
      rows.push({
        endpoint: `${endpoint.method} ${endpoint.path.replace(API, "")}`,
        keys: endpoint.callers.length,
        "req/s min / median / max": spread(runs.map((run) => run.verdeo.requestsPerSecond)),
        "p99 ms min / median / max": spread(runs.map((run) => run.verdeo.p99)),
        "CPU ms/req (median)": Number(median(runs.map((run) => run.verdeo.cpuMsPerRequest)).toFixed(3)),
        "bare req/s min / median / max": spread(runs.map((run) => run.bare.requestsPerSecond)),
        "ratio min / median / max": spread(ratios, 3),
        "limiter row writes/req (max)": Number(Math.max(...runs.map((run) => run.writes)).toFixed(4)),
        "non-2xx": errors,
        target: target === null ? "(none)" : `≥ ${target} of bare in every run`,
        met: target === null ? "" : Math.min(...ratios) >= target && errors === 0,
      });
      if (firstWindow)
        rows.push({
          endpoint: `${endpoint.method} ${endpoint.path.replace(API, "")}, the keys' first window (once, for the record)`,
          keys: endpoint.callers.length,
          "req/s min / median / max": firstWindow.verdeo.requestsPerSecond.toFixed(0),
          "p99 ms min / median / max": String(firstWindow.verdeo.p99),
          "bare req/s min / median / max": firstWindow.bare.requestsPerSecond.toFixed(0),
          "ratio min / median / max": (
            firstWindow.verdeo.requestsPerSecond / firstWindow.bare.requestsPerSecond
          ).toFixed(3),
          "limiter row writes/req (max)": Number(firstWindow.writes.toFixed(4)),
          "non-2xx": firstWindow.verdeo.non2xx + firstWindow.verdeo.errors,
          target: "(none: blocks still growing)",
        });
    }
    // PostgreSQL's own statistics reach pg_stat_user_tables when a backend has been idle for up to 10 s.
    await sleep(11_000);
    const tableWrites = (await database.tableWrites()) - writesBefore;
    const windows = await database.keyWindows(startedAt);
    console.log(
      `\nrate_limits rows written in the whole run, as PostgreSQL counts them: ${tableWrites} for ${Math.round(requestsSent)} API requests (${(tableWrites / requestsSent).toFixed(4)} a request; the limiter before reservations wrote 3, one per rule of the api_key policy), over ${windows} key windows (rule, subject, minute): ${(tableWrites / windows).toFixed(2)} writes per key per window`,
    );
    rows.push({
      endpoint: "whole run, as PostgreSQL counts (pg_stat_user_tables)",
      "limiter row writes/req (max)": Number((tableWrites / requestsSent).toFixed(4)),
      "writes per key per window": Number((tableWrites / windows).toFixed(2)),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    await database?.close();
    await server.stop();
  }
  report(
    "api",
    `Public API over HTTP with keys and the rate limiter (${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s each) vs a bare Node server answering the same JSON`,
    rows,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
