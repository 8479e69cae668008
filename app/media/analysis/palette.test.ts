import { describe, expect, it } from "vitest";
import { deltaE, labOfHex, rgbToLab } from "./colour";
import { colourSummary, dominantPalette, timeOfDayOf } from "./palette";

const pixelsOf = (hex: string, count: number) => Array.from({ length: count }, () => labOfHex(hex));

describe("colour arithmetic", () => {
  it("gives white L* 100 and black L* 0, and ΔE 0 between a colour and itself", () => {
    expect(rgbToLab(255, 255, 255).l).toBeCloseTo(100, 0);
    expect(rgbToLab(0, 0, 0).l).toBeCloseTo(0, 5);
    expect(deltaE(labOfHex("#cc3322"), labOfHex("#cc3322"))).toBe(0);
  });

  it("finds red far from green and two near reds close", () => {
    expect(deltaE(labOfHex("#ff0000"), labOfHex("#00ff00"))).toBeGreaterThan(100);
    expect(deltaE(labOfHex("#ff0000"), labOfHex("#f80505"))).toBeLessThan(5);
  });
});

describe("dominant palette", () => {
  it("splits a two-colour frame into both colours with their shares", () => {
    const palette = dominantPalette([...pixelsOf("#d02020", 300), ...pixelsOf("#2040c0", 100)]);
    expect(palette).toHaveLength(2);
    expect(deltaE(palette[0]!.lab, labOfHex("#d02020"))).toBeLessThan(2);
    expect(palette[0]!.share).toBeCloseTo(0.75, 2);
    expect(deltaE(palette[1]!.lab, labOfHex("#2040c0"))).toBeLessThan(2);
  });

  it("merges shades the eye hardly tells apart and drops specks", () => {
    const palette = dominantPalette([
      ...pixelsOf("#208020", 200),
      ...pixelsOf("#228222", 200),
      ...pixelsOf("#ffffff", 4),
    ]);
    expect(palette).toHaveLength(1);
    expect(palette[0]!.share).toBeGreaterThan(0.98);
  });
});

describe("light of a clip", () => {
  it("calls a dark clip night, a warm mid-bright one golden hour, the rest day", () => {
    expect(timeOfDayOf(12, 0)).toBe("night");
    expect(timeOfDayOf(55, 0.5)).toBe("golden-hour");
    expect(timeOfDayOf(60, 0.05)).toBe("day");
  });

  it("measures a half-black half-white clip as mid brightness with high contrast", () => {
    const summary = colourSummary([...pixelsOf("#000000", 50), ...pixelsOf("#ffffff", 50)]);
    expect(summary.brightness).toBeCloseTo(50, 0);
    expect(summary.contrast).toBeCloseTo(50, 0);
  });
});
