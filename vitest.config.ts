import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests beside the code and integration tests against a real PostgreSQL (tests/integration). */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/integration/**/*.test.{ts,tsx}",
    ],
    globalSetup: ["tests/setup/run-tmpdir.ts", "tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
