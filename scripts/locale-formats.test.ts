import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dates, numbers, money and file sizes follow the page's language (docs/translating.md): these
 * checks read the code for the ways a format escapes it. The staff console stays English.
 */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join("app", "staff") ? [] : files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
const RULES: { what: string; pattern: RegExp; only?: RegExp }[] = [
  {
    what: "locale-dependent formatting without a locale",
    pattern: /\.toLocale(?:Date|Time)?String\(\)|new Intl\.\w+\(\)/,
  },
  {
    what: "English month names written in a component",
    pattern: new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? ${MONTH}\\b|\\b${MONTH} \\d{1,2}\\b`),
    only: /\.tsx$/,
  },
  {
    what: "components formatting in English whatever the page's language",
    pattern:
      /\.toLocale(?:Date|Time)?String\(\s*["']en(?:-[A-Z]{2})?["']|Intl\.\w+\(\s*["']en(?:-[A-Z]{2})?["']/,
    only: /\.tsx$/,
  },
];

describe("formats in the code", () => {
  for (const { what, pattern, only } of RULES)
    it(`has no ${what}`, () => {
      const found = files("app")
        .filter((file) => !only || only.test(file))
        .flatMap((file) =>
          readFileSync(file, "utf8")
            .split("\n")
            .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
        );
      expect(found).toEqual([]);
    });
});
