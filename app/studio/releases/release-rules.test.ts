import { describe, expect, it } from "vitest";
import { cleanReleaseFileName, sniffReleaseType } from "./release-rules";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("release file type by its bytes", () => {
  it("knows PDF, JPEG, PNG and WebP by their signatures", () => {
    expect(sniffReleaseType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffReleaseType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(sniffReleaseType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffReleaseType(bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses anything else, whatever its name would say: HTML, a WAV in RIFF, a truncated header", () => {
    expect(sniffReleaseType(bytes("<html><script>"))).toBeNull();
    expect(sniffReleaseType(bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt "))).toBeNull();
    expect(sniffReleaseType(bytes("%PD"))).toBeNull();
    expect(sniffReleaseType(new Uint8Array())).toBeNull();
  });
});

describe("release file names", () => {
  it("keeps the last path segment without control characters, trimmed to a length", () => {
    expect(cleanReleaseFileName("C:\\scans\\model release.pdf")).toBe("model release.pdf");
    expect(cleanReleaseFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanReleaseFileName("ann\u0007a.png")).toBe("anna.png");
    expect(cleanReleaseFileName(`${"a".repeat(300)}.pdf`)).toHaveLength(120);
  });

  it("refuses a name with a NUL or with nothing left", () => {
    expect(cleanReleaseFileName("release.pdf\u0000.html")).toBeNull();
    expect(cleanReleaseFileName("   ")).toBeNull();
    expect(cleanReleaseFileName("folder/")).toBeNull();
  });
});
