import { describe, expect, it } from "vitest";
import { matchNiche } from "./niche-match";

const niches = [
  { id: "luxury", name: "Luxury Lifestyle", subNiches: ["Yachts", "Supercars"] },
  { id: "food", name: "Food & Travel", subNiches: ["Street Food", "Coffee"] },
  { id: "real-estate", name: "Real Estate", subNiches: ["Interiors"] },
];

describe("matchNiche", () => {
  it("finds a niche by a part of its name, whatever the case", () => {
    expect(matchNiche(niches, "luxury")).toEqual({ niche: "luxury", sub: null });
    expect(matchNiche(niches, "REAL estate")).toEqual({ niche: "real-estate", sub: null });
  });
  it("reads & and 'and' alike", () => {
    expect(matchNiche(niches, "food and travel")).toEqual({ niche: "food", sub: null });
  });
  it("finds a sub-niche and its niche", () => {
    expect(matchNiche(niches, "yachts")).toEqual({ niche: "luxury", sub: "Yachts" });
    expect(matchNiche(niches, "coffee")).toEqual({ niche: "food", sub: "Coffee" });
  });
  it("prefers an exact sub-niche to a niche that merely contains the text", () => {
    expect(matchNiche(niches, "street food")).toEqual({ niche: "food", sub: "Street Food" });
  });
  it("answers null for text that names no niche, and for blank text", () => {
    expect(matchNiche(niches, "spaceships")).toBeNull();
    // A sub-niche's name inside a longer word is no match ("spaceships" holds "spa").
    expect(matchNiche([{ id: "wellness", name: "Health", subNiches: ["Spa"] }], "spaceships")).toBeNull();
    expect(matchNiche(niches, "  ")).toBeNull();
  });
});
