import { describe, expect, it } from "vitest";
import type { ClipAnalysisResult } from "./clip-analysis";
import { labOfHex } from "./colour";
import type { CameraMotion } from "./motion";
import { colourName, suggestKeywords, suggestMood } from "./suggestions";

function analysis(
  palette: [string, number][],
  motion: CameraMotion,
  confidence: number,
  timeOfDay: "day" | "night" | "golden-hour" = "day",
): ClipAnalysisResult {
  return {
    colour: {
      palette: palette.map(([hex, share]) => ({ hex, lab: labOfHex(hex), share })),
      brightness: 50,
      contrast: 20,
      warmShare: 0,
      timeOfDay,
    },
    camera: { motion, confidence, panFraction: 0, tiltFraction: 0, zoom: 1 },
    shots: { cuts: 0, singleShot: true, cutTimes: [] },
    seconds: 10,
  };
}

describe("keyword suggestions", () => {
  it("names everyday colours as people type them", () => {
    expect(colourName(labOfHex("#c8231e"))).toBe("red");
    expect(colourName(labOfHex("#1f4fd0"))).toBe("blue");
    expect(colourName(labOfHex("#2e8b57"))).toBe("green");
    expect(colourName(labOfHex("#f4f4f2"))).toBe("white");
  });

  it("a pan over a red scene suggests red and pan, each once", () => {
    const result = analysis(
      [
        ["#c01818", 0.6],
        ["#d02a20", 0.25],
        ["#303030", 0.15],
      ],
      "pan-right",
      0.9,
    );
    expect(suggestKeywords(result)).toEqual([
      { kind: "colour", keyword: "red" },
      { kind: "motion", keyword: "pan" },
    ]);
  });

  it("leaves out colours that fill little of the frame and moves the frames disagree on", () => {
    const result = analysis(
      [
        ["#2050c0", 0.9],
        ["#e0d030", 0.1],
      ],
      "zoom-in",
      0.3,
    );
    expect(suggestKeywords(result).map((s) => s.keyword)).toEqual(["blue"]);
  });

  it("suggests night and golden hour from the light, never 'day'", () => {
    expect(suggestKeywords(analysis([], "static", 0.9, "night"))).toContainEqual({
      kind: "time",
      keyword: "night",
    });
    expect(suggestKeywords(analysis([], "static", 0.9, "golden-hour")).map((s) => s.keyword)).toEqual([
      "static shot",
      "golden hour",
    ]);
    expect(suggestKeywords(analysis([], "static", 0.9, "day")).map((s) => s.keyword)).toEqual([
      "static shot",
    ]);
  });
});

describe("mood suggestion", () => {
  it("reads a still, evenly lit day scene as calm", () => {
    expect(suggestMood(analysis([["#80a0c0", 1]], "static", 0.9))).toBe("calm");
  });

  it("reads cuts, a handheld camera or a fast move as energetic", () => {
    const cut = analysis([], "static", 0.9);
    cut.shots = { cuts: 3, singleShot: false, cutTimes: [2, 4, 6] };
    expect(suggestMood(cut)).toBe("energetic");
    expect(suggestMood(analysis([], "handheld", 0.7))).toBe("energetic");
    const fast = analysis([], "pan-right", 0.9);
    fast.camera.panFraction = 0.8;
    expect(suggestMood(fast)).toBe("energetic");
  });

  it("reads night, golden hour and a dark contrasty frame as cinematic", () => {
    expect(suggestMood(analysis([], "static", 0.9, "night"))).toBe("cinematic");
    expect(suggestMood(analysis([], "pan-left", 0.9, "golden-hour"))).toBe("cinematic");
    const dark = analysis([], "static", 0.9);
    dark.colour.brightness = 30;
    dark.colour.contrast = 32;
    expect(suggestMood(dark)).toBe("cinematic");
  });

  it("suggests how many people are in view and the common objects seen, mapped to the words buyers search", () => {
    const result = {
      ...analysis([["#303030", 1]], "static", 0.2),
      people: { maxCount: 2, frameShare: 0.75, recognisableFaces: 1, frames: [] },
      objects: [
        { label: "boat", frameShare: 1 },
        { label: "surfboard", frameShare: 0.5 },
        { label: "toothbrush", frameShare: 0.5 },
      ],
    };
    expect(suggestKeywords(result).filter((s) => s.kind === "people" || s.kind === "object")).toEqual([
      { kind: "people", keyword: "two people" },
      { kind: "object", keyword: "boat" },
      { kind: "object", keyword: "surfing" },
    ]);
  });

  it("suggests no people or objects when the models failed (null) or have not run", () => {
    const failed = { ...analysis([["#303030", 1]], "static", 0.2), people: null, objects: null };
    expect(suggestKeywords(failed).some((s) => s.kind === "people" || s.kind === "object")).toBe(false);
  });
});
