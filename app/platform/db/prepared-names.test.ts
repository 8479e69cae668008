import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every `.prepare("name")` in the app: a connection keeps one statement per name (client.server.ts). */
function preparedNames(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return preparedNames(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [...readFileSync(file, "utf8").matchAll(/\.prepare\("([^"]+)"\)/g)].map((match) => match[1]!);
  });
}

describe("prepared statements", () => {
  it("each has a name of its own across the app", () => {
    const names = preparedNames(path.resolve("app"));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
