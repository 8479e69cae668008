import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Browser journeys: Debian's Chromium driven by playwright-core against the built server. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/setup/run-tmpdir.ts", "tests/e2e/global-server.ts"],
    testTimeout: 60_000,
    hookTimeout: 360_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
