import { describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES } from "./rate-limit-policies";

describe("rate-limit rules", () => {
  it("name each rule so that its keys' prefix belongs to no other rule (the sweep deletes by prefix and window)", () => {
    const prefixes = RATE_LIMIT_RULES.map((rule) => `${rule.name}:`);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes)
      expect(prefixes.filter((other) => other !== prefix && other.startsWith(prefix))).toEqual([]);
  });
});
