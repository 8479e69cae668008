import { and, type Column, inArray, type SQL, sql } from "drizzle-orm";
import { DURATION_MEDIUM_MAX_INCLUSIVE, DURATION_SHORT_MAX_EXCLUSIVE } from "~/constants";
import { db } from "~/platform/db/client.server";
import { type DurationBucket, RESOLUTION_MIN_SIDE, RESOLUTIONS, type Resolution } from "./attributes";
import { isPublished } from "./clip-columns.server";
import { COUNT_CAP } from "./explore-query.server";
import { EMPTY_QUERY, type ExploreQuery, effectiveSort, type FacetName, FILTER_NAMES } from "./explore-url";
import { posts, searchPostings } from "./schema.server";
import { hasPositiveTerms, type SearchText } from "./search-text";

/**
 * Weights of the search vector's parts for ts_rank_cd, defined once in SQL (the postings trigger
 * scores with them too): description 0.1, creator 0.2, tags and niche 0.4, title 1.0.
 */
const RANK_WEIGHTS = sql`search_rank_weights()`;
/** Added when the loose words of a multi-word query stand together, in order, as typed. */
export const PHRASE_BOOST = 1;

const popularity = sql`(${posts.savesCount} + ${posts.downloadsCount})`;

/** Every word matches (stemmed); every phrase matches in order. Words are bound parameters. */
function positiveQuery(text: SearchText): SQL | null {
  const parts = [
    ...text.words.map((word) => sql`plainto_tsquery('english', ${word})`),
    ...text.phrases.map((phrase) => sql`phraseto_tsquery('english', ${phrase.join(" ")})`),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` && `)})` : null;
}

function excludedQuery(text: SearchText): SQL | null {
  const parts = text.excluded.map((word) => sql`plainto_tsquery('english', ${word})`);
  return parts.length ? sql`(${sql.join(parts, sql` || `)})` : null;
}

function textConditions(text: SearchText): SQL[] {
  const positive = positiveQuery(text);
  const excluded = excludedQuery(text);
  return [
    ...(positive ? [sql`${posts.searchVector} @@ ${positive}`] : []),
    ...(excluded ? [sql`not coalesce(${posts.searchVector} @@ ${excluded}, false)`] : []),
  ];
}

/** The relevance of a clip to the text: weighted cover density, plus the phrase boost. */
export function rankExpression(text: SearchText): SQL {
  const positive = positiveQuery(text);
  if (!positive) return sql`0::real`;
  const rank = sql`ts_rank_cd(${RANK_WEIGHTS}, ${posts.searchVector}, ${positive})`;
  if (text.words.length < 2) return rank;
  const phrase = sql`phraseto_tsquery('english', ${text.words.join(" ")})`;
  return sql`(${rank} + case when ${posts.searchVector} @@ ${phrase} then ${sql.raw(String(PHRASE_BOOST))} else 0 end)`;
}

/** posts, or search_postings, which copies the facet columns under the same names. */
type FacetColumns = typeof posts | typeof searchPostings;

function durationCondition(band: DurationBucket, columns: FacetColumns): SQL {
  const seconds = columns.durationSeconds;
  if (band === "short") return sql`${seconds} < ${DURATION_SHORT_MAX_EXCLUSIVE}`;
  if (band === "medium")
    return sql`${seconds} between ${DURATION_SHORT_MAX_EXCLUSIVE} and ${DURATION_MEDIUM_MAX_INCLUSIVE}`;
  return sql`${seconds} > ${DURATION_MEDIUM_MAX_INCLUSIVE}`;
}

function resolutionCondition(band: Resolution, columns: FacetColumns): SQL {
  const side = sql`least(${columns.width}, ${columns.height})`;
  const index = RESOLUTIONS.indexOf(band);
  const above = RESOLUTIONS[index - 1];
  const min = RESOLUTION_MIN_SIDE[band];
  if (!above) return sql`${side} >= ${min}`;
  return sql`${side} >= ${min} and ${side} < ${RESOLUTION_MIN_SIDE[above]}`;
}

const anyOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;

/** The condition of one facet's chosen values (any of them), or null when none is chosen. */
export function facetCondition(
  query: ExploreQuery,
  name: FacetName,
  columns: FacetColumns = posts,
): SQL | null {
  const valuesIn = (column: Column, values: string[]) => inArray(column, values) as SQL;
  switch (name) {
    case "niche":
      if (query.niche.length === 0) return null;
      if (query.niche.length === 1 && query.sub)
        return sql`(${columns.nicheId} = ${query.niche[0]} and ${columns.subNicheId} = (select id from sub_niches where niche_id = ${query.niche[0]} and name = ${query.sub}))`;
      return valuesIn(columns.nicheId, query.niche);
    case "license":
      return query.license.length ? valuesIn(columns.license, query.license) : null;
    case "orientation":
      return query.orientation.length ? valuesIn(columns.orientation, query.orientation) : null;
    case "tone":
      return query.tone.length ? valuesIn(columns.colorTone, query.tone) : null;
    case "mood":
      return query.mood.length ? valuesIn(columns.mood, query.mood) : null;
    case "duration":
      return query.duration.length
        ? anyOf(query.duration.map((band) => durationCondition(band, columns)))
        : null;
    case "resolution":
      return query.resolution.length
        ? anyOf(query.resolution.map((band) => resolutionCondition(band, columns)))
        : null;
  }
}

export const FACET_NAMES: FacetName[] = ["niche", ...FILTER_NAMES];

/** Published, matching the text, and every facet's choice except `omit`'s. */
function whereOf(query: ExploreQuery, text: SearchText, omit?: FacetName): SQL {
  const facets = FACET_NAMES.filter((name) => name !== omit)
    .map((name) => facetCondition(query, name))
    .filter((condition): condition is SQL => condition !== null);
  return and(isPublished, ...textConditions(text), ...facets) as SQL;
}

/** The full order of a sort; each ends in (created_at, id), so every page is well defined. */
function orderOf(query: ExploreQuery, text: SearchText): SQL {
  const newest = sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`;
  switch (effectiveSort(query)) {
    case "relevance":
      return hasPositiveTerms(text)
        ? sql`${rankExpression(text)} desc, ${popularity} desc, ${newest}`
        : newest;
    case "newest":
      return newest;
    case "popular":
      return sql`${popularity} desc, ${newest}`;
    case "shortest":
      return sql`${posts.durationSeconds} asc, ${newest}`;
    case "longest":
      return sql`${posts.durationSeconds} desc nulls last, ${newest}`;
  }
}

/**
 * The ids of one page of matches. Every match is ordered (not a first batch of them), so the
 * best-ranked clips come first however many match, and page n is the nth slice of one order.
 */
export function pageIdsStatement(query: ExploreQuery, text: SearchText, pageSize: number) {
  return sql`
    select ${posts.id} as id from ${posts}
    where ${whereOf(query, text)}
    order by ${orderOf(query, text)}
    limit ${pageSize} offset ${(query.page - 1) * pageSize}`;
}

export async function findPageIds(query: ExploreQuery, text: SearchText, pageSize: number) {
  const result = await db().execute<{ id: number }>(pageIdsStatement(query, text, pageSize));
  return result.rows.map((row) => row.id);
}

/** How many clips match, counted exactly up to COUNT_CAP + 1 (then the page says "10,000+"). */
export async function countMatches(query: ExploreQuery, text: SearchText) {
  const result = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${posts} where ${whereOf(query, text)} limit ${COUNT_CAP + 1}
    ) matches`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Facet counts in one pass over the text's matches: for each value, the clips that would match if
 * it were chosen too, with the other facets' choices applied but not its own facet's (choosing
 * another value of a facet widens, so its count must not be narrowed by the current choice).
 */
export async function countFacets(
  query: ExploreQuery,
  text: SearchText,
  values: { name: FacetName; value: string }[],
  plan: PostingsPlan | null = null,
): Promise<number[]> {
  if (values.length === 0) return [];
  // A one-lexeme text counts over its postings (index-only), any other over the clips.
  const columns = plan ? searchPostings : posts;
  const aggregates = values.map(({ name, value }, index) => {
    const others = FACET_NAMES.filter((other) => other !== name)
      .map((other) => facetCondition(query, other, columns))
      .filter((condition): condition is SQL => condition !== null);
    const own = facetCondition({ ...query, [name]: [value], sub: null }, name, columns) as SQL;
    return sql`count(*) filter (where ${and(own, ...others)})::int as ${sql.identifier(`f${index}`)}`;
  });
  const result = await db().execute<Record<string, number>>(sql`
    select ${sql.join(aggregates, sql`, `)}
    from ${columns}
    where ${plan ? postingsWhere(plan, EMPTY_QUERY) : and(isPublished, ...textConditions(text))}`);
  const row = result.rows[0] ?? {};
  return values.map((_, index) => Number(row[`f${index}`] ?? 0));
}

/**
 * For each word no clip matches (not even stemmed), the closest word of the catalogue's vocabulary
 * ('oceam' → 'ocean') by pg_trgm similarity, then by how many clips use it. Stop words and short
 * words are left alone. The vocabulary is small, so this costs little whatever the catalogue's size.
 */
export async function findCorrections(words: string[], minLength: number, minSimilarity: number) {
  const candidates = words.filter((word) => word.length >= minLength);
  const corrections = new Map<string, string>();
  if (candidates.length === 0) return corrections;
  const rows = await db().execute<{ word: string; term: string }>(sql`
    select w.word, t.term
    from unnest(${sql.param(candidates)}::text[]) as w(word)
    cross join lateral (select plainto_tsquery('english', w.word) as q) tsq
    cross join lateral (
      select term from search_terms
      where term % w.word and term <> w.word and similarity(term, w.word) >= ${minSimilarity}
      order by similarity(term, w.word) desc, documents desc, term
      limit 1
    ) t
    where numnode(tsq.q) > 0
      and not exists (select 1 from ${posts} where ${posts.searchVector} @@ tsq.q)`);
  for (const row of rows.rows) corrections.set(row.word, row.term);
  return corrections;
}

/**
 * A search text the postings can answer: one word or phrase standing for one lexeme, and excluded
 * words of one lexeme each (stop words exclude nothing, as in the full-text path).
 */
export interface PostingsPlan {
  lexeme: string;
  excluded: string[];
}

export async function findPostingsPlan(text: SearchText): Promise<PostingsPlan | null> {
  // One positive term: a word, or a quoted phrase that stop words reduce to one word ("the busy").
  const positive = [...text.words, ...text.phrases.map((phrase) => phrase.join(" "))];
  if (positive.length !== 1) return null;
  const rows = await db().execute<{ nodes: number; lexemes: string[] }>(sql`
    select numnode(phraseto_tsquery('english', w)) as nodes, tsvector_to_array(to_tsvector('english', w)) as lexemes
    from unnest(${sql.param([positive[0], ...text.excluded])}::text[]) with ordinality as u(w, n)
    order by n`);
  const [term, ...excluded] = rows.rows;
  if (term?.nodes !== 1 || term.lexemes.length !== 1) return null;
  if (excluded.some((row) => row.lexemes.length > 1)) return null;
  return { lexeme: term.lexemes[0], excluded: excluded.flatMap((row) => row.lexemes) };
}

/** The plan's postings (published clips only), without the excluded words, in every facet's choice but `omit`'s. */
function postingsWhere(plan: PostingsPlan, query: ExploreQuery, omit?: FacetName): SQL {
  const facets = FACET_NAMES.filter((name) => name !== omit)
    .map((name) => facetCondition(query, name, searchPostings))
    .filter((condition): condition is SQL => condition !== null);
  const excluded = plan.excluded.length
    ? [
        sql`not exists (select 1 from search_postings x where x.lexeme in (${sql.join(
          plan.excluded.map((lexeme) => sql`${lexeme}`),
          sql`, `,
        )}) and x.clip_id = ${searchPostings.clipId})`,
      ]
    : [];
  return and(sql`${searchPostings.lexeme} = ${plan.lexeme}`, ...excluded, ...facets) as SQL;
}

/**
 * One relevance page of a one-lexeme search: the lexeme's postings walked in the final order (the
 * score is that clip's ts_rank_cd for the word, then popularity, newest, id), so the work is the
 * page's depth, not the number of matches, and the order is the one ranking every match would give.
 */
export function postingsPageIdsStatement(plan: PostingsPlan, query: ExploreQuery, pageSize: number) {
  return sql`
    select ${searchPostings.clipId} as id from ${searchPostings}
    where ${postingsWhere(plan, query)}
    order by ${searchPostings.score} desc, ${searchPostings.popularity} desc,
      ${searchPostings.createdAt} desc, ${searchPostings.clipId} desc
    limit ${pageSize} offset ${(query.page - 1) * pageSize}`;
}

export async function findPageIdsByPostings(plan: PostingsPlan, query: ExploreQuery, pageSize: number) {
  const result = await db().execute<{ id: number }>(postingsPageIdsStatement(plan, query, pageSize));
  return result.rows.map((row) => row.id);
}

/** Like countMatches, from the postings alone (an index-only scan that stops at COUNT_CAP + 1). */
export async function countMatchesByPostings(plan: PostingsPlan, query: ExploreQuery) {
  const result = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${searchPostings} where ${postingsWhere(plan, query)} limit ${COUNT_CAP + 1}
    ) matches`);
  return result.rows[0]?.n ?? 0;
}
