import { describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX } from "~/constants";
import { parseExploreQuery } from "./explore-query.server";
import { exploreSearch } from "./explore-url";

const parse = (search: string) => parseExploreQuery(new URLSearchParams(search));

describe("explore query in the URL", () => {
  it("defaults every filter to all", () => {
    expect(parse("")).toEqual({
      q: "",
      niche: null,
      sub: null,
      license: "all",
      duration: "all",
      orientation: "all",
      tone: "all",
      mood: "all",
      page: 1,
    });
  });

  it("reads known values and ignores unknown ones", () => {
    const query = parse("q=yacht&license=extended&duration=forever&mood=calm&page=-3");
    expect(query).toMatchObject({ q: "yacht", license: "extended", duration: "all", mood: "calm", page: 1 });
  });

  it("cuts the search text to the maximum length", () => {
    expect(parse(`q=${"a".repeat(SEARCH_QUERY_MAX + 50)}`).q).toHaveLength(SEARCH_QUERY_MAX);
  });

  it("drops a sub-niche without its niche", () => {
    expect(parse("sub=Yachts").sub).toBeNull();
    expect(parse("niche=luxury&sub=Yachts").sub).toBe("Yachts");
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    const query = parse("q=sea+view&niche=nature&sub=Oceans&tone=cool&page=2");
    expect(exploreSearch(query)).toBe("?q=sea+view&niche=nature&sub=Oceans&tone=cool&page=2");
    expect(parse(exploreSearch(query))).toEqual(query);
    expect(exploreSearch(parse(""))).toBe("");
  });
});
