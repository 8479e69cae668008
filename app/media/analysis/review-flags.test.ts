import { describe, expect, it } from "vitest";
import type { ClipAnalysisResult } from "./clip-analysis";
import type { CameraMotion } from "./motion";
import { reviewFlags } from "./review-flags";

function measured(motion: CameraMotion, confidence: number, cutTimes: number[] = []): ClipAnalysisResult {
  return {
    colour: { palette: [], brightness: 50, contrast: 20, warmShare: 0, timeOfDay: "day" },
    camera: { motion, confidence, panFraction: 0, tiltFraction: 0, zoom: 1 },
    shots: { cuts: cutTimes.length, singleShot: cutTimes.length === 0, cutTimes },
    seconds: 12,
  };
}
const described = (tags: string[], description = "") => ({ title: "Harbour at dawn", description, tags });

describe("review flags", () => {
  it("flags cuts in a clip sold as one shot, with the times that show them", () => {
    const flags = reviewFlags(
      measured("static", 0.9, [4.2, 8.04]),
      described(["harbour"], "One take, unbroken."),
    );
    expect(flags).toEqual([
      {
        kind: "hidden-cuts",
        message: "Described as one shot, but the picture cuts 2 times (at 4.2 s, 8.0 s).",
        at: [4.2, 8.04],
      },
    ]);
  });

  it("says nothing of cuts in a clip that never claims to be one shot", () => {
    expect(reviewFlags(measured("static", 0.9, [4.2]), described(["harbour", "montage"]))).toEqual([]);
  });

  it("flags a declared camera move the frames contradict, once, and trusts agreeing or uncertain ones", () => {
    const flags = reviewFlags(measured("pan-right", 0.85), described(["static", "tripod"]));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: "motion-mismatch" });
    expect(flags[0]!.message).toBe(
      "Tagged “static”, but the camera measures as a pan to the right (85% of the frames agree).",
    );
    expect(reviewFlags(measured("pan-left", 0.85), described(["pan"]))).toEqual([]);
    expect(reviewFlags(measured("pan-right", 0.4), described(["static"]))).toEqual([]);
  });

  it("flags frames the adult-content classifier scores high, with their moments, and not a low score or a failed model", () => {
    const high = {
      ...measured("static", 0.9),
      adult: {
        score: 0.96,
        frames: [
          { second: 7.5, score: 0.96 },
          { second: 1.5, score: 0.4 },
        ],
      },
    };
    const flags = reviewFlags(high, described(["beach"]));
    expect(flags).toEqual([expect.objectContaining({ kind: "adult-content", at: [7.5] })]);
    expect(flags[0]!.message).toContain("96%");

    const low = {
      ...measured("static", 0.9),
      adult: { score: 0.82, frames: [{ second: 1.5, score: 0.82 }] },
    };
    expect(reviewFlags(low, described(["flower"]))).toEqual([]);
    expect(reviewFlags({ ...measured("static", 0.9), adult: null }, described(["flower"]))).toEqual([]);
  });
});
