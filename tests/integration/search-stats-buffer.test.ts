import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loader } from "~/catalog/routes/search";
import {
  countSearch,
  flushSearchStats,
  MAX_BUFFERED_QUERIES,
  SEARCH_STATS_FLUSH_MS,
} from "~/catalog/search/search-stats-buffer.server";
import { db } from "~/platform/db/client.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** The statements that wrote search statistics since the spy was set. */
const spyOnStatements = () => vi.spyOn(pg.Client.prototype, "query");
let statements: ReturnType<typeof spyOnStatements>;
const writes = () =>
  statements.mock.calls.filter(([query]) => {
    const text = typeof query === "string" ? query : (query as { text?: string }).text;
    return /insert into "search_query_stats"/i.test(text ?? "");
  }).length;

beforeEach(async () => {
  await flushSearchStats();
  await db().execute(sql`delete from search_query_stats`);
  statements = spyOnStatements();
});

afterEach(() => {
  vi.useRealTimers();
});

async function stats() {
  const result = await db().execute<{
    query: string;
    searches: number;
    results: number;
    top_clip_id: number | null;
  }>(sql`select query, searches, results, top_clip_id from search_query_stats order by query`);
  return result.rows;
}

/** A visitor's first-page search on /search. */
const search = (text: string) =>
  loader({
    request: new Request(`http://localhost:3000/search?q=${encodeURIComponent(text)}`),
    params: {},
  } as never);

describe("search statistics", () => {
  it("N searches of one text are written as one statement that adds N to the day's row", async () => {
    const creator = await createProfile();
    const clipId = await createClip({
      userId: creator.id,
      title: "Lighthouse at Dusk",
      tags: ["lighthouse"],
    });

    for (const text of ["lighthouse", "Lighthouse", "  LIGHTHOUSE ", "lighthouse", "lighthouse"])
      await search(text);
    await search("zzqx nothing here");
    await search("call me on 555 123 4567");
    expect(writes()).toBe(0);
    expect(await stats()).toEqual([]);

    await flushSearchStats();

    expect(writes()).toBe(1);
    expect(await stats()).toEqual([
      { query: "lighthouse", searches: 5, results: 1, top_clip_id: clipId },
      { query: "zzqx nothing here", searches: 1, results: 0, top_clip_id: null },
    ]);
  });

  it("a later write adds its counts to the rows already there", async () => {
    for (let i = 0; i < 3; i++) countSearch("harbour", 4, null);
    await flushSearchStats();
    for (let i = 0; i < 2; i++) countSearch("harbour", 6, 1234);
    await flushSearchStats();

    expect(writes()).toBe(2);
    expect(await stats()).toEqual([{ query: "harbour", searches: 5, results: 6, top_clip_id: 1234 }]);
  });

  it(`is written on its own within ${SEARCH_STATS_FLUSH_MS / 1000} s of the first search`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    countSearch("forest", 2, null);
    vi.advanceTimersByTime(SEARCH_STATS_FLUSH_MS - 1);
    expect(writes()).toBe(0);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();

    await vi.waitFor(async () =>
      expect(await stats()).toEqual([expect.objectContaining({ query: "forest" })]),
    );
    expect(writes()).toBe(1);
  });

  it(`holds at most ${MAX_BUFFERED_QUERIES} distinct texts: one more writes them at once`, async () => {
    for (let i = 0; i < MAX_BUFFERED_QUERIES; i++) countSearch(`query ${i}`, 1, null);
    expect(writes()).toBe(0);

    countSearch("one too many", 1, null);
    await vi.waitFor(() => expect(writes()).toBe(1));
    await flushSearchStats();

    expect(writes()).toBe(2);
    const result = await db().execute<{ queries: number; searches: number }>(
      sql`select count(*)::int as queries, sum(searches)::int as searches from search_query_stats`,
    );
    expect(result.rows).toEqual([{ queries: MAX_BUFFERED_QUERIES + 1, searches: MAX_BUFFERED_QUERIES + 1 }]);
  });
});
