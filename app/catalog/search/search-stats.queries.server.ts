import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { searchQueryStats } from "../schema.server";
import { COUNT_CAP } from "./explore-query.server";
import type { SearchCount } from "./search-stats-buffer";

/**
 * Searches are counted per day and normalised text only: no user, session or address is stored.
 * Texts that look like an email address or a phone number are not recorded at all.
 */
export function normaliseQuery(text: string) {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

const looksPersonal = (text: string) => text.includes("@") || /\d[\d\s-]{5,}\d/.test(text);

/** The text as it is counted; undefined when it is not counted at all (nothing left, or personal). */
export function countableQuery(text: string) {
  const query = normaliseQuery(text);
  return query && !looksPersonal(query) ? query : undefined;
}

/**
 * Adds counted searches to today's rows in one statement: each query's searches are added, and its
 * latest search's results and top clip replace the row's (search-stats-buffer.server.ts).
 */
export async function addSearchCounts(counts: SearchCount[]) {
  if (counts.length === 0) return;
  await db()
    .insert(searchQueryStats)
    .values(
      counts.map((count) => ({
        day: sql`current_date`,
        query: count.query,
        searches: count.searches,
        results: Math.min(count.results, COUNT_CAP),
        topClipId: count.topClipId,
      })),
    )
    .onConflictDoUpdate({
      target: [searchQueryStats.day, searchQueryStats.query],
      set: {
        searches: sql`search_query_stats.searches + excluded.searches`,
        results: sql`excluded.results`,
        topClipId: sql`excluded.top_clip_id`,
      },
    });
}

/**
 * A query is shown to others (suggestions, top searches) only once several searches asked it and it
 * found something: one person's odd text never surfaces.
 */
export const MIN_SEARCHES_TO_SHOW = 3;

export interface TopSearch {
  query: string;
  searches: number;
  topClipId: number | null;
}

/** The most searched texts of the last 7 days that found clips. */
export async function listTopSearches(limit: number): Promise<TopSearch[]> {
  const result = await db().execute<{ query: string; searches: number; top_clip_id: number | null }>(sql`
    select query, sum(searches)::int as searches,
      (array_agg(top_clip_id order by day desc) filter (where top_clip_id is not null))[1] as top_clip_id
    from search_query_stats
    where day > current_date - 7
    group by query
    having sum(searches) >= ${MIN_SEARCHES_TO_SHOW} and bool_or(results > 0)
    order by searches desc, query
    limit ${limit}`);
  return result.rows.map((row) => ({ query: row.query, searches: row.searches, topClipId: row.top_clip_id }));
}

/** Past searches (last 30 days, found something, asked often enough) starting with the prefix. */
export async function findPopularQueries(prefix: string, limit: number) {
  const result = await db().execute<{ query: string }>(sql`
    select query from search_query_stats
    where query like ${`${escapeLike(prefix)}%`} and day > current_date - 30
    group by query
    having sum(searches) >= ${MIN_SEARCHES_TO_SHOW} and bool_or(results > 0)
    order by sum(searches) desc, query
    limit ${limit}`);
  return result.rows.map((row) => row.query);
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Tags of the catalogue starting with the prefix, most used first. */
export async function findTags(prefix: string, limit: number) {
  const result = await db().execute<{ tag: string }>(sql`
    select tag from clip_tags where tag like ${`${escapeLike(prefix)}%`}
    order by clips desc, tag limit ${limit}`);
  return result.rows.map((row) => row.tag);
}
