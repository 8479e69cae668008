import { describe, expect, it } from "vitest";
import { pickActiveSection } from "./use-active-section";

const IDS = ["introduction", "license-types", "refunds"];

describe("pickActiveSection", () => {
  it("highlights the first section before the reader has scrolled to any", () => {
    expect(pickActiveSection(IDS, [300, 900, 1600], 100)).toBe("introduction");
  });

  it("highlights the last section whose top has reached the offset", () => {
    expect(pickActiveSection(IDS, [-800, 100, 700], 100)).toBe("license-types");
    expect(pickActiveSection(IDS, [-1500, -600, 40], 100)).toBe("refunds");
  });

  it("counts a section a few pixels short of the offset as reached", () => {
    expect(pickActiveSection(IDS, [-800, 108, 700], 100)).toBe("license-types");
    expect(pickActiveSection(IDS, [-800, 140, 700], 100)).toBe("introduction");
  });
});
