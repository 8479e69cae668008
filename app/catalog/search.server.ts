import { and, desc, eq, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { DURATION_MEDIUM_MAX_INCLUSIVE, DURATION_SHORT_MAX_EXCLUSIVE } from "~/constants";
import { db } from "~/platform/db/client.server";
import type { ClipPage } from "./catalog-clip";
import { clipColumns, isPublished } from "./clip-columns.server";
import type { ExploreQuery } from "./explore-url";
import { niches, posts, subNiches } from "./schema.server";
import { MIN_TERM_LENGTH } from "./search-index.server";

export const PAGE_SIZE = 24;
/** More words than this add nothing to a stock-footage search and only cost time. */
const MAX_WORDS = 6;
/** Close-enough known words tried for each query word (pg_trgm similarity, best first). */
const CORRECTIONS_PER_WORD = 2;
const MIN_SIMILARITY = 0.35;

/** The searchable words of free text: letters and digits only, so nothing reaches SQL as syntax. */
export function queryWords(text: string) {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * For each word the catalogue does not use, the known words it may have been meant as ('luxery' →
 * 'luxury').
 * The vocabulary is small, so this trigram lookup is cheap whatever the catalogue's size.
 */
async function correctionsOf(words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((word) => word.length >= MIN_TERM_LENGTH);
  const result = new Map<string, string[]>(words.map((word) => [word, []]));
  if (candidates.length === 0) return result;
  const rows = await db().execute<{ word: string; term: string }>(sql`
    select w.word, t.term
    from unnest(${sql.param(candidates)}::text[]) as w(word)
    -- A word the catalogue already uses is not a typo: leave it alone.
    cross join lateral (select 1 where not exists (select 1 from search_terms where term = w.word)) known
    cross join lateral (
      select term from search_terms
      where term % w.word and term <> w.word and similarity(term, w.word) >= ${MIN_SIMILARITY}
      order by similarity(term, w.word) desc, documents desc
      limit ${CORRECTIONS_PER_WORD}
    ) t`);
  for (const row of rows.rows) result.get(row.word)?.push(row.term);
  return result;
}

/**
 * The full-text query: every word must match, as typed (stemmed) or as one of its corrections.
 * Each word goes through plainto_tsquery as a bound parameter, so no operator of the user's reaches it.
 */
function textQuery(words: string[], corrections: Map<string, string[]>): SQL {
  const perWord = words.map((word) => {
    const alternatives = [word, ...(corrections.get(word) ?? [])].map(
      (term) => sql`plainto_tsquery('english', ${term})`,
    );
    return sql`(${sql.join(alternatives, sql` || `)})`;
  });
  return sql.join(perWord, sql` && `);
}

function filterConditions(query: ExploreQuery): SQL[] {
  const conditions: (SQL | undefined)[] = [
    isPublished,
    query.license !== "all" ? eq(posts.license, query.license) : undefined,
    query.orientation !== "all" ? eq(posts.orientation, query.orientation) : undefined,
    query.tone !== "all" ? eq(posts.colorTone, query.tone) : undefined,
    query.mood !== "all" ? eq(posts.mood, query.mood) : undefined,
    query.niche ? eq(posts.nicheId, query.niche) : undefined,
    query.niche && query.sub
      ? sql`${posts.subNicheId} = (select id from sub_niches where niche_id = ${query.niche} and name = ${query.sub})`
      : undefined,
  ];
  if (query.duration === "short") conditions.push(lt(posts.durationSeconds, DURATION_SHORT_MAX_EXCLUSIVE));
  if (query.duration === "medium") {
    conditions.push(
      and(
        gte(posts.durationSeconds, DURATION_SHORT_MAX_EXCLUSIVE),
        lte(posts.durationSeconds, DURATION_MEDIUM_MAX_INCLUSIVE),
      ),
    );
  }
  if (query.duration === "long") conditions.push(gt(posts.durationSeconds, DURATION_MEDIUM_MAX_INCLUSIVE));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * At most this many matches are ranked and counted. Ranking and counting touch every matching row,
 * so an unbounded broad query ("luxury" over 100,000 clips) would cost tens of milliseconds; past
 * this many the page says "1000+" and ranks the first matches the index yields.
 */
export const RESULT_CAP = 1_000;

/**
 * The statement behind a search (exported for the benchmark's EXPLAIN): a bounded set of candidate
 * matches, ranked, joined for display, with the candidates' count on every row. Null when the text
 * holds no searchable word.
 */
export async function searchStatement(query: ExploreQuery, pageSize = PAGE_SIZE) {
  const conditions = filterConditions(query);
  const words = queryWords(query.q);
  if (query.q && words.length === 0) return null;
  let rank: SQL = sql`0::real`;
  if (words.length > 0) {
    const tsquery = textQuery(words, await correctionsOf(words));
    conditions.push(sql`${posts.searchVector} @@ (${tsquery})`);
    rank = sql`ts_rank(${posts.searchVector}, (${tsquery}))`;
  }
  const found = db()
    .select({ id: posts.id, createdAt: posts.createdAt, rank: sql<number>`${rank}`.as("rank") })
    .from(posts)
    .where(conditions.length ? and(...conditions) : undefined)
    .$dynamic();
  // Without text, "newest first" decides which matches come first, so walk the date index.
  const candidates = db()
    .$with("candidates")
    .as(
      (words.length > 0 ? found : found.orderBy(desc(posts.createdAt), desc(posts.id))).limit(RESULT_CAP + 1),
    );
  // Rank and page the candidates first, then join only the page's rows for display.
  const pageRows = db()
    .$with("page_rows")
    .as(
      db()
        .select({
          id: candidates.id,
          rank: candidates.rank,
          createdAt: candidates.createdAt,
          total: sql<number>`(select count(*)::int from ${candidates})`.as("total"),
        })
        .from(candidates)
        .orderBy(desc(candidates.rank), desc(candidates.createdAt), desc(candidates.id))
        .limit(pageSize)
        .offset((query.page - 1) * pageSize),
    );
  // Wrapped: an async function returning the (thenable) builder itself would run it.
  const statement = db()
    .with(candidates, pageRows)
    .select({ ...clipColumns, total: pageRows.total })
    .from(pageRows)
    .innerJoin(posts, eq(posts.id, pageRows.id))
    .innerJoin(niches, eq(niches.id, posts.nicheId))
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(subNiches, eq(subNiches.id, posts.subNicheId))
    .orderBy(desc(pageRows.rank), desc(pageRows.createdAt), desc(pageRows.id));
  return { statement };
}

/**
 * One page of the catalogue for a search text and filters: best matches first when there is text
 * (ts_rank, title weighing most), else newest first. Any input is safe: the text is reduced to
 * words and bound as parameters.
 */
export async function searchClips(query: ExploreQuery, pageSize = PAGE_SIZE): Promise<ClipPage> {
  const search = await searchStatement(query, pageSize);
  if (!search) return { clips: [], total: 0, capped: false, page: 1, pageCount: 0 };
  const rows = await search.statement;
  // A page past the end has no row to carry the count: ask for the first page's count instead.
  const counted =
    rows[0]?.total ?? (query.page > 1 ? (await searchClips({ ...query, page: 1 }, pageSize)).total : 0);
  const total = Math.min(counted, RESULT_CAP);
  return {
    clips: rows.map(({ total: _, ...clip }) => clip),
    total,
    capped: counted > RESULT_CAP,
    page: query.page,
    pageCount: Math.ceil(total / pageSize),
  };
}
