import { describe, expect, it } from "vitest";
import { peopleCountOf, peopleReleasedOf, releaseGap, releaseGapMessage } from "./seen-people";

const people = (maxCount: number, recognisableFaces: number) => ({ maxCount, recognisableFaces });
const model = (personCount: number) => ({ kind: "model" as const, personCount });
const property = { kind: "property" as const, personCount: null };

describe("people count for Explore", () => {
  it("files none, one, or two or more, and nothing while not analysed", () => {
    expect(peopleCountOf(people(0, 0))).toBe(0);
    expect(peopleCountOf(people(1, 1))).toBe(1);
    expect(peopleCountOf(people(2, 0))).toBe(2);
    expect(peopleCountOf(people(17, 5))).toBe(2);
    expect(peopleCountOf(null)).toBeNull();
    expect(peopleCountOf(undefined)).toBeNull();
  });
});

describe("a clip's people covered by releases", () => {
  it("needs nothing when no one can be recognised, however many people are seen", () => {
    expect(releaseGap(people(6, 0), [])).toBeNull();
    expect(releaseGap(null, [])).toBeNull();
  });

  it("needs at least one model release for one recognisable face; a property release does not count", () => {
    expect(releaseGap(people(1, 1), [])).toEqual({ faces: 1, covered: 0 });
    expect(releaseGap(people(1, 1), [property])).toEqual({ faces: 1, covered: 0 });
    expect(releaseGap(people(1, 1), [model(1)])).toBeNull();
  });

  it("adds up model releases until they cover every recognisable face", () => {
    expect(releaseGap(people(4, 3), [model(1), model(1)])).toEqual({ faces: 3, covered: 2 });
    expect(releaseGap(people(4, 3), [model(1), model(2)])).toBeNull();
    expect(releaseGap(people(4, 3), [model(5)])).toBeNull();
  });

  it("says in words what is seen, what is attached and what to attach", () => {
    expect(releaseGapMessage({ faces: 1, covered: 0 })).toBe(
      "The analysis shows 1 recognisable person and no model release is attached. Attach model releases covering at least 1 person before this clip can be licensed commercially.",
    );
    expect(releaseGapMessage({ faces: 3, covered: 2 })).toContain("cover 2 people");
  });

  it("marks a clip as released only when people are seen and model releases cover them", () => {
    expect(peopleReleasedOf(people(0, 0), [model(1)])).toBe(false);
    expect(peopleReleasedOf(people(2, 0), [])).toBe(false);
    expect(peopleReleasedOf(people(2, 0), [model(1)])).toBe(true);
    expect(peopleReleasedOf(people(2, 2), [model(1)])).toBe(false);
    expect(peopleReleasedOf(people(2, 2), [model(2)])).toBe(true);
    expect(peopleReleasedOf(null, [model(2)])).toBeNull();
  });
});
