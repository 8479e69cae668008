import { describe, expect, it } from "vitest";
import { can, PERMISSIONS } from "./permissions";

describe("permissions", () => {
  it("grants every staff permission to developers and none to users or creators", () => {
    for (const permission of PERMISSIONS.filter((p) => p.startsWith("staff:"))) {
      expect(can("developer", permission)).toBe(true);
      expect(can("creator", permission)).toBe(false);
      expect(can("user", permission)).toBe(false);
    }
  });

  it("lets creators and developers use the studio, not users or visitors", () => {
    expect(can("creator", "studio:use")).toBe(true);
    expect(can("developer", "studio:use")).toBe(true);
    expect(can("user", "studio:use")).toBe(false);
    expect(can(null, "studio:use")).toBe(false);
  });
});
