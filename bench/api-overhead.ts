/**
 * The public API's search against the search service it wraps, on bench:search's synthetic
 * catalogue (built on first use, then reused): the same query mix, each query timed as the median of
 * 3 runs, once through `searchClips` and once through GET /api/v1/clips/search as React Router calls
 * its route module (parameters read by the API's schemas, the rate limiter, the answer's JSON and
 * ETag). Each API request comes from its own address, so the anonymous limit never refuses one.
 * The limiter's own cost (one PostgreSQL statement per request, whatever its rules) is timed apart.
 *
 *   npm run bench:api-overhead            (CLIPS=100000 by default)
 * Targets: API search p95 ≤ 1.2 × the service's p95; the limiter's median under 1 ms.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { encodeCursor } from "~/api/endpoints/catalog-endpoints.server";
import { limitApiRequest } from "~/api/keys/rate-limits.server";
import { loader } from "~/api/routes/api-v1";
import { PAGE_SIZE } from "~/catalog/search/explore-query.server";
import { type ExploreQuery, FILTER_NAMES } from "~/catalog/search/explore-url";
import { searchClips } from "~/catalog/search/search.server";
import { closeDatabase } from "~/platform/db/client.server";
import { median, percentile, report } from "./lib";
import { openSyntheticCatalogue, queryMix } from "./search";

const CLIPS = Number(process.env.CLIPS ?? 100_000);
const ROUNDS = 3;
const RATIO_TARGET = 1.2;
const LIMITER_TARGET_MS = 1;

/** The API's query string for an explore query (the page as a cursor). */
function apiSearchOf(query: ExploreQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.exact) params.set("exact", "true");
  for (const niche of query.niche) params.append("niche", niche);
  if (query.sub) params.set("sub_niche", query.sub);
  for (const name of FILTER_NAMES) for (const value of query[name]) params.append(name, value);
  if (query.sort) params.set("sort", query.sort);
  if (query.page > 1) params.set("cursor", encodeCursor(query.page, PAGE_SIZE));
  return params.toString();
}

let address = 0;
/** A fresh address each time: 198.18.0.0/15 is for benchmarks. */
const nextAddress = () => {
  address += 1;
  return `198.18.${(address >> 8) & 255}.${address & 255}`;
};

async function callSearch(search: string) {
  const request = new Request(`http://localhost/api/v1/clips/search?${search}`);
  const response = (await loader({
    request,
    params: {},
    context: { requestId: "bench", clientIp: nextAddress(), cspNonce: "" },
  } as never)) as Response;
  if (response.status !== 200)
    throw new Error(`GET /clips/search?${search}: ${response.status} ${await response.text()}`);
  await response.text();
}

async function medianMs(run: () => Promise<unknown>) {
  const runs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await run();
    runs.push(performance.now() - started);
  }
  return median(runs);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main() {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
  console.log(`=== API search on ${CLIPS.toLocaleString("en")} clips (load average ${load()}) ===`);
  const { pg, words } = await openSyntheticCatalogue(CLIPS);
  try {
    const mix = await queryMix(words);
    for (const { query } of mix.slice(0, 40)) {
      await searchClips(query);
      await callSearch(apiSearchOf(query));
    }
    const service: number[] = [];
    const api: number[] = [];
    // Interleaved, so a burst of load on a shared machine falls on both alike.
    for (const { query } of mix) {
      service.push(await medianMs(() => searchClips(query)));
      const search = apiSearchOf(query);
      api.push(await medianMs(() => callSearch(search)));
    }
    const serviceP95 = percentile(sorted(service), 95);
    const apiP95 = percentile(sorted(api), 95);
    const ratio = apiP95 / serviceP95;

    const limiter: number[] = [];
    for (let index = 0; index < 500; index++) {
      const clientIp = nextAddress();
      const started = performance.now();
      await limitApiRequest({ keyId: null, userId: null, clientIp });
      limiter.push(performance.now() - started);
    }
    const limiterMedian = median(limiter);

    console.log(`\n${mix.length} queries, each the median of ${ROUNDS} runs`);
    console.log(`  search service:          p50 ${ms(median(service))}   p95 ${ms(serviceP95)}`);
    console.log(`  GET /api/v1/clips/search: p50 ${ms(median(api))}   p95 ${ms(apiP95)}`);
    console.log(
      `  p95 ratio ${ratio.toFixed(2)} (target ≤ ${RATIO_TARGET}): ${ratio <= RATIO_TARGET ? "MET" : "NOT MET"}`,
    );
    console.log(
      `  rate limiter (500 requests): median ${ms(limiterMedian)}   p95 ${ms(percentile(sorted(limiter), 95))} (target median < ${LIMITER_TARGET_MS} ms): ${limiterMedian < LIMITER_TARGET_MS ? "MET" : "NOT MET"}`,
    );
    console.log(`  (load average ${load()})`);
    report("api-overhead", `Public API search on ${CLIPS.toLocaleString("en")} clips`, [
      { measure: "search service p95 (ms)", value: Number(serviceP95.toFixed(2)) },
      { measure: "API search p95 (ms)", value: Number(apiP95.toFixed(2)) },
      {
        measure: "p95 ratio",
        value: Number(ratio.toFixed(2)),
        target: `≤ ${RATIO_TARGET}`,
        met: ratio <= RATIO_TARGET,
      },
      {
        measure: "limiter median (ms)",
        value: Number(limiterMedian.toFixed(3)),
        target: `< ${LIMITER_TARGET_MS}`,
        met: limiterMedian < LIMITER_TARGET_MS,
      },
    ]);
  } finally {
    await closeDatabase();
    await pg.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
