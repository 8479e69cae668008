import { describe, expect, it } from "vitest";
import { SearchStatsBuffer } from "./search-stats-buffer";

describe("search statistics buffer", () => {
  it("counts repeated searches of one query as one entry with the latest results and top clip", () => {
    const buffer = new SearchStatsBuffer(10);
    buffer.add("harbour", 12, 1001);
    buffer.add("harbour", 14, 1002);
    buffer.add("harbour", 0, null);
    expect(buffer.drain()).toEqual([{ query: "harbour", searches: 3, results: 0, topClipId: null }]);
  });

  it("keeps distinct queries apart", () => {
    const buffer = new SearchStatsBuffer(10);
    buffer.add("harbour", 3, 1);
    buffer.add("forest", 5, 2);
    buffer.add("harbour", 3, 1);
    expect(buffer.drain()).toEqual([
      { query: "harbour", searches: 2, results: 3, topClipId: 1 },
      { query: "forest", searches: 1, results: 5, topClipId: 2 },
    ]);
  });

  it("refuses a new query once full, but still counts the queries it holds", () => {
    const buffer = new SearchStatsBuffer(2);
    expect(buffer.add("a", 1, null)).toBe(true);
    expect(buffer.add("b", 1, null)).toBe(true);
    expect(buffer.add("c", 1, null)).toBe(false);
    expect(buffer.add("a", 2, null)).toBe(true);
    expect(buffer.size).toBe(2);
    expect(buffer.drain().map(({ query, searches }) => [query, searches])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
  });

  it("is empty after a drain, and takes new queries again", () => {
    const buffer = new SearchStatsBuffer(1);
    buffer.add("a", 1, null);
    buffer.drain();
    expect(buffer.size).toBe(0);
    expect(buffer.drain()).toEqual([]);
    expect(buffer.add("b", 1, null)).toBe(true);
  });
});
