/**
 * `npm run bench`: every benchmark, each beside its reference, three times, printed as tables and
 * written to bench/results/ as JSON and Markdown with the spread of the runs; summary.md gathers
 * the result files.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { provenance, type Row, report } from "./lib";
import { describeMachineSpeed } from "./machine-speed";
import { benchMedia } from "./media";
import { benchPages } from "./pages";
import { benchParallelSignIns } from "./parallel-sign-ins";
import { benchProcessing } from "./processing";
import { benchStartup } from "./startup";
import { benchUploads } from "./uploads";
import { benchVitals } from "./vitals";

/**
 * The search, API, orders, home-page and downloads benchmarks are scripts of their own. A script
 * that does not write its own result file (`keepAs`) has its printout kept as one, with the commit
 * and load it ran at.
 */
const printouts = new Map<string, string[]>();

function script(file: string, env: Record<string, string> = {}, keepAs?: string) {
  return async () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", file], {
      env: { ...process.env, ...env },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    if (run.status !== 0) throw new Error(`${file} ended with ${run.status ?? run.signal}`);
    if (keepAs) {
      const made = provenance();
      const printout = `\`\`\`\n${run.stdout.trim()}\n\`\`\`\n\nCommit ${made.commit}, measured ${made.measuredAt} on ${made.cores} cores; load average at the end (1, 5, 15 min): ${made.load}; ${describeMachineSpeed(made.speed)}.\n`;
      // Its tables are its own: every run's printout is kept, one after the other.
      printouts.set(keepAs, [...(printouts.get(keepAs) ?? []), printout]);
      const kept = printouts.get(keepAs)!;
      writeFileSync(
        `bench/results/${keepAs}.md`,
        `## ${file}\n\n${kept.map((text, n) => (kept.length > 1 ? `### Run ${n + 1}\n\n${text}` : text)).join("\n")}`,
      );
    }
  };
}

/**
 * Each suite runs RUNS times (3 by default) and its result file states the spread of its runs
 * (bench/lib.ts `report`); the pages and API benchmarks repeat their measurements themselves. A suite
 * whose own script takes a median of several runs takes fewer here (the arguments below): the three
 * runs give the spread, and the whole suite stays within its 30 minutes.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS_EACH ?? 3));
process.env.BENCH_SESSION = String(Date.now());
const started = Date.now();
const suites: [string, () => Promise<unknown>, runs?: number][] = [
  ["startup", () => benchStartup()],
  ["pages", () => benchPages(), 1],
  ["search", script("bench/search.ts", {}, "search")],
  ["api", script("bench/api.ts"), 1],
  ["api overhead", script("bench/api-overhead.ts")],
  ["media", () => benchMedia()],
  ["parallel sign-ins", () => benchParallelSignIns(1)],
  ["vitals", () => benchVitals(1)],
  ["home", script("bench/home-page.ts", {}, "home")],
  ["orders", script("bench/orders.ts", {}, "orders")],
  ["downloads", script("bench/downloads.ts", { ROUNDS: "3" })],
  ["processing", () => benchProcessing(1)],
  ["uploads", () => benchUploads(3)],
];
/** The full suite's time budget on a 2-core machine (issue 40). */
const BUDGET_SECONDS = 30 * 60;
/** BENCH_ONLY=pages,search runs only those suites (to time or rerun a few); the table says so. */
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
const chosen = only ? suites.filter(([name]) => only.includes(name)) : suites;
if (only && chosen.length !== only.length)
  throw new Error(
    `BENCH_ONLY names a suite that does not exist; the suites: ${suites.map(([name]) => name).join(", ")}`,
  );
mkdirSync("bench/results", { recursive: true });
const timings: Row[] = [];
// A run that fails (a script's non-zero exit, a missed target a script exits on, a crash) is
// counted and the suite goes on: the table and the exit status say so, never a quiet gap.
let failedRuns = 0;
for (const [name, run, runs = RUNS] of chosen) {
  const suiteStarted = Date.now();
  let failed = 0;
  for (let n = 1; n <= runs; n++) {
    console.log(`\n› ${name}${runs > 1 ? ` (run ${n} of ${runs})` : ""}`);
    await run().catch((error: Error) => {
      failed += 1;
      console.error(`› ${name}: run ${n} failed: ${error.message}`);
    });
  }
  failedRuns += failed;
  timings.push({
    suite: name,
    runs,
    "failed runs": failed,
    seconds: Math.round((Date.now() - suiteStarted) / 1000),
  });
}
const total = Math.round((Date.now() - started) / 1000);
report(
  "run",
  `The full \`npm run bench\`${only ? ` (only ${only.join(", ")}: not the full suite)` : ""}: ${(total / 60).toFixed(1)} min`,
  [
    ...timings,
    {
      suite: "all",
      runs: "",
      seconds: total,
      "failed runs": failedRuns,
      target: `≤ ${BUDGET_SECONDS}, no run failed`,
      met: !only && total <= BUDGET_SECONDS && failedRuns === 0,
    },
  ],
);
console.log(`\nAll benchmarks done in ${total} s${failedRuns ? `; ${failedRuns} runs FAILED` : ""}`);
if (failedRuns > 0) process.exitCode = 1;
