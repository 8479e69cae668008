/**
 * `npm run bench`: every benchmark in one run, each beside its reference, printed as tables and
 * written to bench/results/ as JSON and Markdown; summary.md gathers them all.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { benchMedia } from "./media";
import { benchPages } from "./pages";
import { benchParallelSignIns } from "./parallel-sign-ins";
import { benchProcessing } from "./processing";
import { benchStartup } from "./startup";
import { benchUploads } from "./uploads";
import { benchVitals } from "./vitals";

/** The search, orders and home-page benchmarks are scripts of their own; their printout is kept. */
function script(file: string, env: Record<string, string> = {}) {
  return async () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", file], {
      env: { ...process.env, ...env },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    return `## ${file}\n\n\`\`\`\n${run.stdout.trim()}\n\`\`\`\n`;
  };
}

const started = Date.now();
const suites: [string, () => Promise<string>][] = [
  ["startup", () => benchStartup()],
  ["pages", () => benchPages()],
  ["search", script("bench/search.ts")],
  ["api", script("bench/api.ts", { CLIPS: "100000" })],
  ["media", () => benchMedia()],
  ["parallel sign-ins", () => benchParallelSignIns()],
  ["vitals", () => benchVitals()],
  ["home", script("bench/home-page.ts")],
  ["orders", script("bench/orders.ts")],
  ["downloads", script("bench/downloads.ts")],
  ["processing", () => benchProcessing()],
  ["uploads", () => benchUploads()],
];
const sections: string[] = [];
for (const [name, run] of suites) {
  console.log(`\n› ${name}`);
  sections.push(await run());
}
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/summary.md", `# Verdeo benchmarks\n\n${sections.join("\n")}`);
console.log(`\nAll benchmarks done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
