import { describe, expect, it } from "vitest";
import { peopleKeyword } from "./object-keywords";
import {
  adultContentScore,
  type FrameDetections,
  MODEL_FRAMES_MAX,
  modelFrameSeconds,
  seenObjects,
  seenPeople,
} from "./seen-in-frames";

const frame = (
  second: number,
  faces: [number, number][] = [],
  objects: [string, number][] = [],
): FrameDetections => ({
  second,
  faces: faces.map(([score, height]) => ({ score, height })),
  objects: objects.map(([label, score]) => ({ label, score })),
});

describe("people in sampled frames", () => {
  it("counts a person by a confident body or face, whichever finds more, and the share of frames with people", () => {
    const people = seenPeople([
      frame(1, [[0.9, 120]], []),
      frame(
        4,
        [],
        [
          ["person", 0.7],
          ["person", 0.5],
          ["dog", 0.8],
        ],
      ),
      frame(7, [], []),
      frame(10, [[0.6, 200]], [["person", 0.3]]),
    ]);
    expect(people.frames.map((f) => f.persons)).toEqual([1, 2, 0, 0]);
    expect(people).toMatchObject({ maxCount: 2, frameShare: 0.5, recognisableFaces: 1 });
  });

  it("ignores faces below the confidence threshold (a cat's face scores about 0.7) and small faces for recognisability", () => {
    const people = seenPeople([frame(1, [[0.74, 360]]), frame(2, [[0.95, 20]])]);
    expect(people.frames.map((f) => f.persons)).toEqual([0, 1]);
    expect(people.recognisableFaces).toBe(0);
  });

  it("reports no people for no frames rather than dividing by zero", () => {
    expect(seenPeople([])).toMatchObject({ maxCount: 0, frameShare: 0, recognisableFaces: 0 });
  });
});

describe("objects in sampled frames", () => {
  it("keeps objects seen confidently in a third of the frames or more, most frequent first, each frame counted once", () => {
    const objects = seenObjects([
      frame(
        1,
        [],
        [
          ["boat", 0.6],
          ["boat", 0.5],
          ["bird", 0.45],
        ],
      ),
      frame(
        2,
        [],
        [
          ["boat", 0.7],
          ["cup", 0.35],
        ],
      ),
      frame(3, [], [["car", 0.9]]),
      frame(4, [], [["cup", 0.3]]),
    ]);
    expect(objects).toEqual([{ label: "boat", frameShare: 0.5 }]);
  });

  it("keeps an object in exactly one of three frames", () => {
    expect(seenObjects([frame(1, [], [["kite", 0.6]]), frame(2), frame(3)])).toEqual([
      { label: "kite", frameShare: 0.33 },
    ]);
  });
});

describe("frames the models look at", () => {
  it("takes one frame per three seconds, in the middle of each span, at least one and at most six", () => {
    expect(modelFrameSeconds(2)).toEqual([1]);
    expect(modelFrameSeconds(6)).toEqual([1.5, 4.5]);
    expect(modelFrameSeconds(600)).toHaveLength(MODEL_FRAMES_MAX);
    expect(modelFrameSeconds(600)[0]).toBe(50);
  });
});

describe("adult-content score", () => {
  it("is the highest frame's score, with the three highest frames", () => {
    const score = adultContentScore([
      { second: 1, score: 0.1 },
      { second: 4, score: 0.95 },
      { second: 7, score: 0.4 },
      { second: 10, score: 0.2 },
    ]);
    expect(score.score).toBe(0.95);
    expect(score.frames.map((f) => f.second)).toEqual([4, 7, 10]);
  });
});

describe("people keyword", () => {
  const people = (maxCount: number, frameShare = 1) => ({
    maxCount,
    frameShare,
    recognisableFaces: 0,
    frames: [],
  });
  it("names how many people a buyer would search for", () => {
    expect(peopleKeyword(people(1))).toBe("one person");
    expect(peopleKeyword(people(2))).toBe("two people");
    expect(peopleKeyword(people(4))).toBe("group of people");
    expect(peopleKeyword(people(9))).toBe("crowd");
  });
  it("suggests nothing for people in under a third of the frames, none, or a failed model", () => {
    expect(peopleKeyword(people(3, 0.2))).toBeNull();
    expect(peopleKeyword(people(0, 0))).toBeNull();
    expect(peopleKeyword(null)).toBeNull();
    expect(peopleKeyword(undefined)).toBeNull();
  });
});
