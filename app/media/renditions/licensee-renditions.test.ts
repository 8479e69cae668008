import { describe, expect, it } from "vitest";
import { type OriginalFacts, planLicenseeRenditions, REMUX_MAX_BITRATE } from "./licensee-renditions";

const fullHd: OriginalFacts = {
  width: 1920,
  height: 1080,
  codec: "h264",
  bitrate: 8_000_000,
  rotation: 0,
  pixelFormat: "yuv420p",
  squarePixels: true,
};

describe("licensee renditions", () => {
  it("a 4K original gets an encoded 1080p and 720p, keeping its aspect", () => {
    expect(planLicenseeRenditions({ ...fullHd, width: 3840, height: 2160, codec: "hevc" })).toEqual([
      { name: "1080p", width: 1920, height: 1080, method: "encode" },
      { name: "720p", width: 1280, height: 720, method: "encode" },
    ]);
  });

  it("a 1080p H.264 original of a sane bitrate is copied into the 1080p rendition", () => {
    expect(planLicenseeRenditions(fullHd)).toEqual([
      { name: "1080p", width: 1920, height: 1080, method: "remux" },
      { name: "720p", width: 1280, height: 720, method: "encode" },
    ]);
  });

  it("a 1080p original is encoded when copying it would give a bad download", () => {
    const encoded = (facts: Partial<OriginalFacts>) =>
      planLicenseeRenditions({ ...fullHd, ...facts })[0]?.method;
    expect(encoded({ codec: "hevc" })).toBe("encode");
    expect(encoded({ bitrate: REMUX_MAX_BITRATE + 1 })).toBe("encode");
    expect(encoded({ bitrate: 0 })).toBe("encode");
    expect(encoded({ pixelFormat: "yuv420p10le" })).toBe("encode");
    expect(encoded({ rotation: 90, width: 1080, height: 1920 })).toBe("encode");
    expect(encoded({ squarePixels: false })).toBe("encode");
  });

  it("sizes above the original are not made: a 720p original gets only 720p, portrait by its short side", () => {
    expect(planLicenseeRenditions({ ...fullHd, width: 1280, height: 720 })).toEqual([
      { name: "720p", width: 1280, height: 720, method: "remux" },
    ]);
    expect(planLicenseeRenditions({ ...fullHd, width: 1080, height: 1920, codec: "vp9" })).toEqual([
      { name: "1080p", width: 1080, height: 1920, method: "encode" },
      { name: "720p", width: 720, height: 1280, method: "encode" },
    ]);
    expect(planLicenseeRenditions({ ...fullHd, width: 1200, height: 900, codec: "vp9" })).toEqual([
      { name: "720p", width: 960, height: 720, method: "encode" },
    ]);
  });
});
