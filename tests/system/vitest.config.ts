import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * System tests: the built server as a whole process (start-up, signals, kill -9, faults). Each
 * starts its own servers, one file at a time, so timings are not skewed by parallel browsers.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["tests/system/**/*.test.ts"],
    globalSetup: ["tests/setup/run-tmpdir.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
  },
});
