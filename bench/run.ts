/**
 * `npm run bench`: every benchmark in one run, each beside its reference, printed as tables and
 * written to bench/results/ as JSON and Markdown (summary.md gathers them).
 */
import { writeFileSync } from "node:fs";
import { benchMedia } from "./media";
import { benchPages } from "./pages";
import { benchVitals } from "./vitals";

const sections: string[] = [];
const started = Date.now();
const suites: [string, () => Promise<string>][] = [
  ["pages", () => benchPages()],
  ["media", () => benchMedia()],
  ["vitals", () => benchVitals()],
];
for (const [name, run] of suites) {
  console.log(`\n› ${name}`);
  sections.push(await run());
}
writeFileSync("bench/results/summary.md", `# Verdeo benchmarks\n\n${sections.join("\n")}`);
console.log(`\nAll benchmarks done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
