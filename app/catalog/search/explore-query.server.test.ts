import { describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX } from "~/constants";
import { MAX_PAGE, parseExploreQuery } from "./explore-query.server";
import { EMPTY_QUERY, exploreSearch, toggleFacet } from "./explore-url";

const parse = (search: string) => parseExploreQuery(new URLSearchParams(search));

describe("explore query in the URL", () => {
  it("defaults every facet to none chosen and the sort to its default", () => {
    expect(parse("")).toEqual(EMPTY_QUERY);
  });

  it("reads known values, several per facet, and drops unknown ones", () => {
    const query = parse("q=yacht&license=extended&duration=forever&mood=calm&mood=energetic&page=-3");
    expect(query).toMatchObject({
      q: "yacht",
      license: ["extended"],
      duration: [],
      mood: ["calm", "energetic"],
      page: 1,
    });
  });

  it("cuts the search text to the maximum length and turns control characters into spaces", () => {
    expect(parse(`q=${"a".repeat(SEARCH_QUERY_MAX + 50)}`).q).toHaveLength(SEARCH_QUERY_MAX);
    expect(parse("q=sea%00view").q).toBe("sea view");
  });

  it("keeps pages within the counted results", () => {
    expect(parse(`page=${MAX_PAGE}`).page).toBe(MAX_PAGE);
    expect(parse(`page=${MAX_PAGE + 1}`).page).toBe(1);
    expect(parse("page=99999999999999999999").page).toBe(1);
  });

  it("drops a sub-niche without exactly one niche, relevance without text and exact without text", () => {
    expect(parse("sub=Yachts").sub).toBeNull();
    expect(parse("niche=luxury&sub=Yachts").sub).toBe("Yachts");
    expect(parse("niche=luxury&niche=nature&sub=Yachts").sub).toBeNull();
    expect(parse("sort=relevance").sort).toBeNull();
    expect(parse("sort=popular").sort).toBe("popular");
    expect(parse("exact=1").exact).toBe(false);
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    const query = parse("q=sea+view&exact=1&niche=nature&sub=Oceans&tone=cool&tone=warm&sort=newest&page=2");
    expect(exploreSearch(query)).toBe(
      "?q=sea+view&exact=1&niche=nature&sub=Oceans&tone=warm&tone=cool&sort=newest&page=2",
    );
    expect(parse(exploreSearch(query))).toEqual(query);
    expect(exploreSearch(parse(""))).toBe("");
    expect(exploreSearch(parse("q=x&sort=relevance"))).toBe("?q=x");
  });

  it("toggling a facet value adds or removes it and goes back to page 1", () => {
    const query = parse("mood=calm&page=3");
    expect(toggleFacet(query, "mood", "energetic")).toMatchObject({ mood: ["calm", "energetic"], page: 1 });
    expect(toggleFacet(query, "mood", "calm")).toMatchObject({ mood: [], page: 1 });
  });
});
