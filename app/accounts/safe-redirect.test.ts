import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("redirect after log-in", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirectPath("/video/12?x=1")).toBe("/video/12?x=1");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null])(
    "falls back to /profile for %s",
    (value) => {
      expect(safeRedirectPath(value)).toBe("/profile");
    },
  );
});
