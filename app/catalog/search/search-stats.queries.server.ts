import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { COUNT_CAP } from "./explore-query.server";

/**
 * Searches are counted per day and normalised text only: no user, session or address is stored.
 * Texts that look like an email address or a phone number are not recorded at all.
 */
export function normaliseQuery(text: string) {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

const looksPersonal = (text: string) => text.includes("@") || /\d[\d\s-]{5,}\d/.test(text);

export async function recordSearch(text: string, results: number, topClipId: number | null) {
  const query = normaliseQuery(text);
  if (!query || looksPersonal(query)) return;
  await db().execute(sql`
    insert into search_query_stats (day, query, searches, results, top_clip_id)
    values (current_date, ${query}, 1, ${Math.min(results, COUNT_CAP)}, ${topClipId})
    on conflict (day, query) do update set
      searches = search_query_stats.searches + 1,
      results = excluded.results,
      top_clip_id = excluded.top_clip_id`);
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
