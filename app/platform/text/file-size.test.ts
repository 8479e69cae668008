import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("counts in decimal units, so 4,700,000 bytes read 4.7 MB (not 4.5)", () => {
    expect(formatFileSize(4_700_000)).toBe("4.7 MB");
  });
  it("shows kilobytes below a megabyte and never 0 KB", () => {
    expect(formatFileSize(999_499)).toBe("999 KB");
    expect(formatFileSize(12)).toBe("1 KB");
  });
  it("shows gigabytes with one decimal", () => {
    expect(formatFileSize(2_345_000_000)).toBe("2.3 GB");
  });
  it("writes the number and the unit in the page's language", () => {
    expect(formatFileSize(4_700_000, "de")).toBe("4,7 MB");
    expect(formatFileSize(4_700_000, "fr")).toBe("4,7 Mo");
    expect(formatFileSize(2_345_000_000, "pt-BR")).toBe("2,3 GB");
    expect(formatFileSize(999_499, "ja")).toBe("999 KB");
  });
});
