/**
 * `npm run test:cluster`: the production build as a cluster on this machine (HAProxy, 3 web nodes,
 * 2 workers, PgBouncer in transaction mode, PostgreSQL, a real S3 engine), driven through the proxy
 * case by case (docs/scale.md, "The cluster test"). Prints a summary table; exits 1 if a case failed.
 * Needs `npm run build` first; installs haproxy and pgbouncer from Debian when they are missing.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { report } from "../../bench/lib";
import { CASES, type CaseResult } from "./cases";
import { startCluster, WEB_NODES, WORKERS } from "./cluster";
import { newTally } from "./traffic";

async function main() {
  const folder = mkdtempSync(path.join(tmpdir(), "verdeo-cluster-"));
  // PostgreSQL and PgBouncer run as the postgres user, inside this folder.
  chmodSync(folder, 0o711);
  const started = performance.now();
  const cluster = await startCluster(folder);
  console.log(
    `Cluster up in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(cluster.timings)}`,
  );
  const only = process.env.CLUSTER_CASES?.split(",");
  const results: CaseResult[] = [];
  const chosen = CASES.filter((testCase) => !only || only.includes(testCase.id));
  try {
    for (const testCase of chosen) await testCase.begin?.(cluster);
    for (const testCase of chosen) {
      const tally = newTally();
      const caseStarted = performance.now();
      let outcome: Pick<CaseResult, "passed" | "detail">;
      try {
        outcome = { passed: true, detail: await testCase.run(cluster, tally) };
      } catch (error) {
        outcome = { passed: false, detail: error instanceof Error ? error.message : String(error) };
      }
      const result = {
        id: testCase.id,
        title: testCase.title,
        ...tally,
        ...outcome,
        ms: performance.now() - caseStarted,
      };
      results.push(result);
      console.log(
        `${result.passed ? "✓" : "✗"} ${testCase.title} (${Math.round(result.ms)} ms): ${result.detail}`,
      );
    }
  } finally {
    const errors = cluster
      .everyProcess()
      .flatMap((node) => node.errors.map((line) => `${node.name}: ${line}`));
    if (errors.length) console.log(`Errors logged by the app processes:\n${errors.slice(0, 20).join("\n")}`);
    await cluster.stop();
  }
  printSummary(results, cluster.store.engine, performance.now() - started);
  if (!process.env.CLUSTER_KEEP) rmSync(folder, { recursive: true, force: true });
  if (results.some((result) => !result.passed) || results.length === 0) process.exitCode = 1;
}

/** The summary table, printed and written to bench/results/cluster.md with the commit and the load. */
function printSummary(results: CaseResult[], engine: string, totalMs: number) {
  const passed = results.filter((result) => result.passed).length;
  report(
    "cluster",
    `Cluster test: HAProxy → ${WEB_NODES} web nodes, ${WORKERS} workers; PgBouncer (transaction mode) → PostgreSQL and a streaming replica; ${engine}. ${passed} of ${results.length} cases passed in ${(totalMs / 1000).toFixed(0)} s`,
    results.map((result) => ({
      case: result.title,
      result: result.passed ? "pass" : "FAIL",
      requests: result.requests,
      "errors (5xx or none)": result.errors,
      seconds: Number((result.ms / 1000).toFixed(1)),
      detail: result.detail,
    })),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
