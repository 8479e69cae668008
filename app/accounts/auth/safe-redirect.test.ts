import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("redirect after log-in", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirectPath("/video/12?x=1#top")).toBe("/video/12?x=1#top");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "javascript:alert(1)",
    "",
    null,
  ])("falls back to /profile for %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/profile");
  });

  it("never leaves the site, whatever path it is given", () => {
    for (const value of ["/./evil.example", "/..//evil.example", "/%2F/evil.example", "/@evil.example"]) {
      expect(safeRedirectPath(value).startsWith("//")).toBe(false);
      expect(new URL(safeRedirectPath(value), "https://verdeo.test").host).toBe("verdeo.test");
    }
  });
});
