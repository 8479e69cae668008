import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A domain's root holds what belongs to the domain as a whole (routes.ts, schema, jobs, shared
 * texts); everything else lives in a sub-area folder (docs/architecture.md, decision 0023).
 */
const MAX_ROOT_FILES = 20;

const domains = readdirSync("app", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("domain roots", () => {
  it.each(domains)(`app/%s/ holds at most ${MAX_ROOT_FILES} files of its own`, (domain) => {
    const files = readdirSync(path.join("app", domain), { withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeLessThanOrEqual(MAX_ROOT_FILES);
  });

  it("the big domains are split into sub-areas", () => {
    const subAreas = (domain: string) =>
      readdirSync(path.join("app", domain), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !["routes", "components"].includes(entry.name))
        .map((entry) => entry.name)
        .sort();
    expect(subAreas("commerce")).toEqual(["billing", "checkout", "orders", "pricing", "stripe"]);
    expect(subAreas("accounts")).toEqual(["applications", "auth", "contact", "people", "profiles"]);
    expect(subAreas("catalog")).toEqual(["clips", "collections", "profile", "search", "terms"]);
  });
});
