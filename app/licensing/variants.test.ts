import { describe, expect, it } from "vitest";
import { downloadFileName, slugify } from "./variants";

describe("download file names", () => {
  it("are verdeo-{id}-{slug}-{size}.mp4 with a clean ASCII slug", () => {
    expect(downloadFileName(12, "Quiet Lake Morning", "720p")).toBe("verdeo-12-quiet-lake-morning-720p.mp4");
    expect(downloadFileName(3, "Café à l'aube / “Paris”", "original")).toBe(
      "verdeo-3-cafe-a-l-aube-paris-original.mp4",
    );
  });

  it("never leave an empty slug, a path separator or a control character", () => {
    expect(slugify("日本の夜")).toBe("clip");
    expect(slugify("../../etc/passwd\u0000")).toBe("etc-passwd");
    expect(slugify("a".repeat(100))).toHaveLength(48);
  });
});
