import { describe, expect, it } from "vitest";
import { colorToneOf, differenceHash, fingerprintDistance, hammingDistance } from "./frame-analysis";

function frame(pixel: (x: number, y: number) => [number, number, number]) {
  const rgb = new Uint8Array(9 * 8 * 3);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 9; x++) rgb.set(pixel(x, y), (y * 9 + x) * 3);
  return rgb;
}

const gradient = frame((x, y) => [255 - x * 25, 128 + y, 40 + x * 20]);

describe("frame analysis", () => {
  it("a picture that darkens to the right sets every dHash bit; its mirror sets none", () => {
    const darkening = frame((x) => [250 - x * 20, 250 - x * 20, 250 - x * 20]);
    const brightening = frame((x) => [50 + x * 20, 50 + x * 20, 50 + x * 20]);
    expect(BigInt.asUintN(64, differenceHash(darkening))).toBe(2n ** 64n - 1n);
    expect(differenceHash(brightening)).toBe(0n);
    expect(hammingDistance(differenceHash(darkening), differenceHash(brightening))).toBe(64);
  });

  it("a slightly brighter copy of a frame hashes within a few bits of the original", () => {
    const brighter = frame((x, y) => [Math.min(255, 265 - x * 25), 138 + y, 50 + x * 20]);
    expect(hammingDistance(differenceHash(gradient), differenceHash(brighter))).toBeLessThanOrEqual(4);
  });

  it("fingerprints compare frame by frame", () => {
    expect(fingerprintDistance([1n, 3n], [1n, 0n])).toBe(1);
    expect(fingerprintDistance([], [])).toBe(64);
  });

  it("calls orange frames warm, blue frames cool and grey frames neutral", () => {
    expect(colorToneOf([frame(() => [220, 140, 60])])).toBe("warm");
    expect(colorToneOf([frame(() => [40, 90, 180])])).toBe("cool");
    expect(colorToneOf([frame(() => [120, 120, 124])])).toBe("neutral");
  });
});
