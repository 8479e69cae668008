import { describe, expect, it } from "vitest";
import { countCuts, sceneChangeTimes } from "./cuts";
import { classifyMotion, estimateStep, type FrameStep, MOTION_HEIGHT, MOTION_WIDTH } from "./motion";

const steps = (count: number, step: Partial<FrameStep>) =>
  Array.from({ length: count }, () => ({ dx: 0, dy: 0, scale: 1, ...step }));

describe("camera motion from frame steps", () => {
  it("reads content moving left as a pan right, and right as a pan left", () => {
    expect(classifyMotion(steps(30, { dx: -3 })).motion).toBe("pan-right");
    expect(classifyMotion(steps(30, { dx: 3 })).motion).toBe("pan-left");
  });

  it("reads content moving down as a tilt up, and up as a tilt down", () => {
    expect(classifyMotion(steps(30, { dy: 2 })).motion).toBe("tilt-up");
    expect(classifyMotion(steps(30, { dy: -2 })).motion).toBe("tilt-down");
  });

  it("reads growing content as a zoom in and shrinking as a zoom out", () => {
    expect(classifyMotion(steps(30, { scale: 1.015 })).motion).toBe("zoom-in");
    expect(classifyMotion(steps(30, { scale: 0.985 })).motion).toBe("zoom-out");
  });

  it("calls no motion static and jitter going nowhere handheld", () => {
    expect(classifyMotion(steps(30, {})).motion).toBe("static");
    const jitter = Array.from({ length: 30 }, (_, i) => ({
      dx: i % 2 ? 3 : -3,
      dy: i % 3 ? 2 : -2,
      scale: 1,
    }));
    expect(classifyMotion(jitter).motion).toBe("handheld");
  });

  it("is less confident when the steps disagree", () => {
    const mixed = [...steps(20, { dx: -4 }), ...steps(10, { dx: 2 })];
    const result = classifyMotion(mixed);
    expect(result.motion).toBe("pan-right");
    expect(result.confidence).toBeLessThan(classifyMotion(steps(30, { dx: -4 })).confidence);
  });
});

describe("frame matching", () => {
  it("finds the shift between a textured frame and its shifted copy", () => {
    const texture = (x: number, y: number) => (Math.sin(x * 0.7) * Math.cos(y * 0.5) * 100 + 128) | 0;
    const from = new Uint8Array(MOTION_WIDTH * MOTION_HEIGHT);
    const to = new Uint8Array(MOTION_WIDTH * MOTION_HEIGHT);
    for (let y = 0; y < MOTION_HEIGHT; y++)
      for (let x = 0; x < MOTION_WIDTH; x++) {
        from[y * MOTION_WIDTH + x] = texture(x, y);
        to[y * MOTION_WIDTH + x] = texture(x + 4, y - 2);
      }
    expect(estimateStep(from, to)).toEqual({ dx: -4, dy: 2, scale: 1 });
  });
});

describe("cuts", () => {
  it("reads ffmpeg's printed scene changes and merges detections closer than half a second", () => {
    const printed =
      "frame:0 pts:24 pts_time:2.0\nlavfi.scene_score=0.9\nframe:1 pts:25 pts_time:2.04\nframe:2 pts:96 pts_time:4\n";
    expect(sceneChangeTimes(printed)).toEqual([2, 2.04, 4]);
    expect(countCuts([2, 2.04, 4])).toBe(2);
  });

  it("never counts the first frame as a cut", () => {
    expect(countCuts([0, 0.02])).toBe(0);
  });
});
