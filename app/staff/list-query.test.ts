import { describe, expect, it } from "vitest";
import { LIST_SEARCH_MAX, ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "./list-query";

const Schema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(["open", "closed"]) },
  { sorts: ["newest", "oldest"], defaultSort: "newest" },
);
const parse = (query: string) => Schema.parse(searchParamsOf(new Request(`http://staff.test/list?${query}`)));

describe("staff list query strings", () => {
  it("reads the search, the filters, the sort and the page", () => {
    expect(parse("q=%20river%20&status=closed&sort=oldest&page=3")).toEqual({
      q: "river",
      status: "closed",
      sort: "oldest",
      page: 3,
    });
  });

  it("falls back to the defaults for values nobody could have chosen, instead of failing the page", () => {
    const parsed = parse(`q=${"x".repeat(LIST_SEARCH_MAX + 1)}&status=deleted&sort=random&page=-4`);
    expect(parsed.q).toBeUndefined();
    expect(parsed.status).toBeUndefined();
    expect(parsed.sort).toBe("newest");
    expect(parsed.page).toBe(parse("").page);
  });
});
