import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A route module stays small enough to read in one sitting: its pieces go to the domain's
 * components/, its HTTP work to a controller beside it (routes/*.action.server.ts), see
 * docs/architecture.md ("The three layers").
 */
const MAX_LINES = 300;

/** Every route module under app/<domain>/routes/ (controllers, helpers and tests are not route modules). */
function routeModules() {
  return readdirSync("app", { recursive: true, encoding: "utf8" })
    .map((file) => path.join("app", file).split(path.sep).join("/"))
    .filter((file) => /^app\/[^/]+\/routes\/.+\.tsx?$/.test(file))
    .filter((file) => !/\.server\.ts$|\.test\.tsx?$/.test(file));
}

describe("route modules", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const modules = routeModules();
    expect(modules.length).toBeGreaterThan(50);
    const over = modules
      .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
