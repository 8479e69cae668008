import { and, type Column, inArray, type SQL, sql } from "drizzle-orm";
import { DURATION_MEDIUM_MAX_INCLUSIVE, DURATION_SHORT_MAX_EXCLUSIVE } from "~/constants";
import { readDb } from "~/platform/db/client.server";
import { type DurationBucket, RESOLUTION_MIN_SIDE, RESOLUTIONS, type Resolution } from "../clips/attributes";
import { isPublished } from "../clips/clip-columns.queries.server";
import { PEOPLE_COUNT_OF } from "../clips/seen-people";
import { clips, searchBigrams, searchPostings } from "../schema.server";
import { COUNT_CAP } from "./explore-query.server";
import { EMPTY_QUERY, type ExploreQuery, effectiveSort, type FacetName, FILTER_NAMES } from "./explore-url";
import { hasPositiveTerms, type SearchText } from "./search-text";

/**
 * Weights of the search vector's parts for ts_rank_cd, defined once in SQL (the postings trigger
 * scores with them too): description 0.1, creator 0.2, tags and niche 0.4, title 1.0.
 */
const RANK_WEIGHTS = sql`search_rank_weights()`;
/** Added when the loose words of a multi-word query stand together, in order, as typed. */
export const PHRASE_BOOST = 1;

const popularity = sql`(${clips.savesCount} + ${clips.downloadsCount})`;

/** Every word matches (stemmed); every phrase matches in order. Words are bound parameters. */
function positiveQuery(text: SearchText): SQL | null {
  const termQuery = (term: string) => sql`phraseto_tsquery('english', ${term})`;
  const all = (terms: string[]) => sql`(${sql.join(terms.map(termQuery), sql` && `)})`;
  const parts = [
    ...text.words.map((word) => sql`plainto_tsquery('english', ${word})`),
    ...text.phrases.map((phrase) => sql`phraseto_tsquery('english', ${phrase.join(" ")})`),
    ...(text.anyOf ?? []).map((items) => sql`(${sql.join(items.map(all), sql` || `)})`),
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
    ...(positive ? [sql`${clips.searchVector} @@ ${positive}`] : []),
    ...(excluded ? [sql`not coalesce(${clips.searchVector} @@ ${excluded}, false)`] : []),
  ];
}

/** The relevance of a clip to the text: weighted cover density, plus the phrase boost. */
export function rankExpression(text: SearchText): SQL {
  const positive = positiveQuery(text);
  if (!positive) return sql`0::real`;
  const rank = sql`ts_rank_cd(${RANK_WEIGHTS}, ${clips.searchVector}, ${positive})`;
  if (text.words.length < 2) return rank;
  const phrase = sql`phraseto_tsquery('english', ${text.words.join(" ")})`;
  return sql`(${rank} + case when ${clips.searchVector} @@ ${phrase} then ${sql.raw(String(PHRASE_BOOST))} else 0 end)`;
}

/** clips, or search_postings, which copies the facet columns under the same names. */
type FacetColumns = typeof clips | typeof searchPostings;

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
  columns: FacetColumns = clips,
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
    case "colour":
      return query.colour.length ? sql`${columns.colourNames} && ${sql.param(query.colour)}::text[]` : null;
    case "motion":
      return query.motion.length ? valuesIn(columns.cameraMotion, query.motion) : null;
    case "shot":
      return query.shot.length ? sql`${columns.singleShot} is true` : null;
    case "people":
      return query.people.length
        ? (inArray(
            columns.peopleCount,
            query.people.map((value) => PEOPLE_COUNT_OF[value]),
          ) as SQL)
        : null;
    case "releases":
      return query.releases.length ? sql`${columns.peopleReleased} is true` : null;
  }
}

export const FACET_NAMES: FacetName[] = ["niche", ...FILTER_NAMES];

/**
 * Candidates: a statement of clip ids known to hold every match of the text (the bigrams of a
 * phrase, or a pair's bounded set), so the text is only tested on them.
 */
type Candidates = SQL | null;

const inCandidates = (candidates: Candidates) => (candidates ? [sql`${clips.id} in (${candidates})`] : []);

/** Published, matching the text, among the candidates, and every facet's choice. */
function whereOf(query: ExploreQuery, text: SearchText, candidates: Candidates = null): SQL {
  const facets = FACET_NAMES.map((name) => facetCondition(query, name)).filter(
    (condition): condition is SQL => condition !== null,
  );
  return and(isPublished, ...inCandidates(candidates), ...textConditions(text), ...facets) as SQL;
}

/** The full order of a sort; each ends in (created_at, id), so every page is well defined. */
function orderOf(query: ExploreQuery, text: SearchText): SQL {
  const newest = sql`${clips.createdAt} desc nulls last, ${clips.id} desc nulls last`;
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
      return sql`${clips.durationSeconds} asc, ${newest}`;
    case "longest":
      return sql`${clips.durationSeconds} desc nulls last, ${newest}`;
  }
}

/**
 * The ids of one page of matches. Every match is ordered (not a first batch of them), so the
 * best-ranked clips come first however many match, and page n is the nth slice of one order.
 */
export function pageIdsStatement(
  query: ExploreQuery,
  text: SearchText,
  pageSize: number,
  candidates: Candidates = null,
) {
  return sql`
    select ${clips.id} as id from ${clips}
    where ${whereOf(query, text, candidates)}
    order by ${orderOf(query, text)}
    limit ${pageSize} offset ${(query.page - 1) * pageSize}`;
}

export async function findPageIds(
  query: ExploreQuery,
  text: SearchText,
  pageSize: number,
  candidates: Candidates = null,
) {
  const result = await readDb().execute<{ id: number }>(pageIdsStatement(query, text, pageSize, candidates));
  return result.rows.map((row) => row.id);
}

/** How many clips match, counted exactly up to COUNT_CAP + 1 (then the page says "10,000+"). */
export async function countMatches(query: ExploreQuery, text: SearchText, candidates: Candidates = null) {
  const result = await readDb().execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${clips} where ${whereOf(query, text, candidates)} limit ${COUNT_CAP + 1}
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
  candidates: Candidates = null,
): Promise<number[]> {
  if (values.length === 0) return [];
  // A one-lexeme text counts over its postings (index-only), any other over the clips.
  const columns = plan ? searchPostings : clips;
  const aggregates = values.map(({ name, value }, index) => {
    const others = FACET_NAMES.filter((other) => other !== name)
      .map((other) => facetCondition(query, other, columns))
      .filter((condition): condition is SQL => condition !== null);
    const own = facetCondition({ ...query, [name]: [value], sub: null }, name, columns) as SQL;
    return sql`count(*) filter (where ${and(own, ...others)})::int as ${sql.identifier(`f${index}`)}`;
  });
  const result = await readDb().execute<Record<string, number>>(sql`
    select ${sql.join(aggregates, sql`, `)}
    from ${columns}
    where ${plan ? postingsWhere(plan, EMPTY_QUERY) : and(isPublished, ...inCandidates(candidates), ...textConditions(text))}`);
  const row = result.rows[0] ?? {};
  return values.map((_, index) => Number(row[`f${index}`] ?? 0));
}

/**
 * For each word no published clip matches (not even stemmed), the closest word of the catalogue's
 * vocabulary: a word one edit away (`edits`, the word's Damerau variants: 'ocaen' → 'ocean'), else the
 * most similar by pg_trgm ('oceam' → 'ocean'); ties go to the word more clips use. Stop words and
 * short words are left alone. The vocabulary is small, so this costs little whatever the catalogue's
 * size. A word of one lexeme is looked up in the postings (one index probe): asked of the search
 * vectors' GIN index, a common word read its whole posting list, 80 ms at 1,000,000 clips.
 */
export async function findCorrections(
  words: string[],
  minLength: number,
  minSimilarity: number,
  edits: (word: string) => string[],
) {
  const candidates = words.filter((word) => word.length >= minLength);
  const corrections = new Map<string, string>();
  if (candidates.length === 0) return corrections;
  const editOf = candidates.flatMap((word) => edits(word).map((variant) => [word, variant] as const));
  const rows = await readDb().execute<{ word: string; term: string }>(sql`
    select w.word, t.term
    from unnest(${sql.param(candidates)}::text[]) as w(word)
    cross join lateral (
      select plainto_tsquery('english', w.word) as q, tsvector_to_array(to_tsvector('english', w.word)) as lexemes
    ) tsq
    cross join lateral (
      select term from (
        select s.term, 0 as edits, 1::real as closeness, s.documents
        from unnest(${sql.param(editOf.map(([word]) => word))}::text[], ${sql.param(editOf.map(([, variant]) => variant))}::text[]) as e(word, variant)
        join search_terms s on s.term = e.variant
        where e.word = w.word
        union all
        select term, 1, similarity(term, w.word), documents from search_terms
        where term % w.word and term <> w.word and similarity(term, w.word) >= ${minSimilarity}
      ) nearby
      order by edits, closeness desc, documents desc, term
      limit 1
    ) t
    where numnode(tsq.q) > 0
      and not (case when numnode(tsq.q) = 1 and cardinality(tsq.lexemes) = 1
        then exists (select 1 from ${searchPostings} where ${searchPostings.lexeme} = tsq.lexemes[1])
        else exists (select 1 from ${clips} where ${isPublished} and ${clips.searchVector} @@ tsq.q) end)`);
  for (const row of rows.rows) corrections.set(row.word, row.term);
  return corrections;
}

/**
 * The terms (words or phrases) some published clip matches, stemmed as the search stems them: a
 * term of one lexeme is one probe of the postings, a phrase one search of the vectors' index.
 * Stop words alone match nothing.
 */
export async function findLiveTerms(terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const rows = await readDb().execute<{ term: string }>(sql`
    select w.term
    from unnest(${sql.param(terms)}::text[]) as w(term)
    cross join lateral (
      select phraseto_tsquery('english', w.term) as q, tsvector_to_array(to_tsvector('english', w.term)) as lexemes
    ) tsq
    where numnode(tsq.q) > 0
      and (case when numnode(tsq.q) = 1 and cardinality(tsq.lexemes) = 1
        then exists (select 1 from ${searchPostings} where ${searchPostings.lexeme} = tsq.lexemes[1])
        else exists (select 1 from ${clips} where ${isPublished} and ${clips.searchVector} @@ tsq.q) end)`);
  return new Set(rows.rows.map((row) => row.term));
}

/**
 * A search text the postings can answer: one word or phrase standing for one lexeme, and excluded
 * words of one lexeme each (stop words exclude nothing, as in the full-text path).
 */
export interface PostingsPlan {
  lexeme: string;
  excluded: string[];
  /** Other lexemes every match holds too (the second of two words): counts only, never a page's order. */
  also?: string[];
}

/**
 * How a text is searched beyond the full-text path. `postings`: a one-lexeme text, walked in its
 * postings. `pair`: two loose words of one lexeme each, ranked over a bounded set of candidates
 * (findPageIdsByPair). `phrase`: the lexemes of a quoted phrase whose words are one lexeme each;
 * every match holds each adjacent pair of them, so the bigrams give a small superset of the matches.
 */
export interface SearchPlan {
  postings: PostingsPlan | null;
  pair: [string, string] | null;
  phrase: string[] | null;
  /** What counts and facet counts can read from the postings alone (one word, or the pair). */
  counts: PostingsPlan | null;
}

export async function findSearchPlan(text: SearchText): Promise<SearchPlan> {
  // One positive term: a word, or a quoted phrase that stop words reduce to one word ("the busy").
  const positive = [...text.words, ...text.phrases.map((phrase) => phrase.join(" "))];
  const terms = [...positive, ...text.phrases.flat(), ...text.excluded];
  // A choice between terms (a word and its translation) is answered by the full-text path.
  if (terms.length === 0 || text.anyOf?.length)
    return { postings: null, pair: null, phrase: null, counts: null };
  const rows = await readDb().execute<{ nodes: number; lexemes: string[] }>(sql`
    select numnode(phraseto_tsquery('english', w)) as nodes, tsvector_to_array(to_tsvector('english', w)) as lexemes
    from unnest(${sql.param(terms)}::text[]) with ordinality as u(w, n)
    order by n`);
  const analysed = rows.rows;
  /** The lexeme of a term that stands for exactly one (not a stop word, not a compound). */
  const single = (index: number) => {
    const row = analysed[index];
    return row?.nodes === 1 && row.lexemes.length === 1 ? row.lexemes[0] : null;
  };
  const excludedRows = analysed.slice(terms.length - text.excluded.length);
  const excluded = excludedRows.every((row) => row.lexemes.length <= 1)
    ? excludedRows.flatMap((row) => row.lexemes)
    : null;
  const only = positive.length === 1 ? single(0) : null;
  const postings = only && excluded ? { lexeme: only, excluded } : null;
  let pair: [string, string] | null = null;
  if (text.words.length === 2 && text.phrases.length === 0) {
    const [first, second] = [single(0), single(1)];
    if (first && second && first !== second) pair = [first, second];
  }
  let phrase: string[] | null = null;
  let offset = positive.length;
  for (const words of text.phrases) {
    const lexemes = words.map((_, index) => single(offset + index));
    offset += words.length;
    if (!phrase && lexemes.length > 1 && lexemes.every((lexeme) => lexeme !== null))
      phrase = lexemes as string[];
  }
  const counts = postings ?? (pair && excluded ? { lexeme: pair[0], excluded, also: [pair[1]] } : null);
  return { postings, pair, phrase, counts };
}

export async function findPostingsPlan(text: SearchText): Promise<PostingsPlan | null> {
  return (await findSearchPlan(text)).postings;
}

/**
 * The clips that hold every adjacent pair of a phrase's lexemes: a superset of the phrase's
 * matches (each match holds them), usually a small one.
 */
export function phraseCandidates(lexemes: string[]): SQL {
  const pairs = lexemes.slice(1).map((next, index) => [lexemes[index], next]);
  const [[lexeme, nextLexeme], ...rest] = pairs;
  const joins = rest.map(
    ([a, b], index) =>
      sql`join ${searchBigrams} ${sql.identifier(`b${index}`)} on ${sql.identifier(`b${index}`)}.clip_id = ${searchBigrams.clipId}
        and ${sql.identifier(`b${index}`)}.lexeme = ${a} and ${sql.identifier(`b${index}`)}.next_lexeme = ${b}`,
  );
  return sql`select ${searchBigrams.clipId} from ${searchBigrams} ${sql.join(joins, sql` `)}
    where ${searchBigrams.lexeme} = ${lexeme} and ${searchBigrams.nextLexeme} = ${nextLexeme}`;
}

/**
 * The plan's postings (published clips only), without the excluded words, in every facet's choice but `omit`'s.
 * `probe`: the other words are looked up per posting (a page walks the postings in order and stops
 * after a page: the planner, misjudging how many a word excludes, otherwise joined every posting of
 * both words before sorting, 270 ms for a common word at 1,000,000 clips instead of 2 ms). `offset 0`
 * keeps a subquery a per-row probe. Counts, which read up to 10,001 postings in clip order, keep the
 * joins (a merge of two clip-ordered ranges).
 */
function postingsWhere(plan: PostingsPlan, query: ExploreQuery, omit?: FacetName, probe = false): SQL {
  const perRow = probe ? sql` offset 0` : sql``;
  const facets = FACET_NAMES.filter((name) => name !== omit)
    .map((name) => facetCondition(query, name, searchPostings))
    .filter((condition): condition is SQL => condition !== null);
  const excluded = plan.excluded.length
    ? [
        sql`not exists (select 1 from search_postings x where x.lexeme in (${sql.join(
          plan.excluded.map((lexeme) => sql`${lexeme}`),
          sql`, `,
        )}) and x.clip_id = ${searchPostings.clipId}${perRow})`,
      ]
    : [];
  const also = (plan.also ?? []).map(
    (lexeme) =>
      sql`exists (select 1 from search_postings z where z.lexeme = ${lexeme} and z.clip_id = ${searchPostings.clipId}${perRow})`,
  );
  return and(sql`${searchPostings.lexeme} = ${plan.lexeme}`, ...also, ...excluded, ...facets) as SQL;
}

/**
 * One relevance page of a one-lexeme search: the lexeme's postings walked in the final order (the
 * score is that clip's ts_rank_cd for the word, then popularity, newest, id), so the work is the
 * page's depth, not the number of matches, and the order is the one ranking every match would give.
 */
export function postingsPageIdsStatement(plan: PostingsPlan, query: ExploreQuery, pageSize: number) {
  return sql`
    select ${searchPostings.clipId} as id from ${searchPostings}
    where ${postingsWhere(plan, query, undefined, true)}
    order by ${searchPostings.score} desc, ${searchPostings.popularity} desc,
      ${searchPostings.createdAt} desc, ${searchPostings.clipId} desc
    limit ${pageSize} offset ${(query.page - 1) * pageSize}`;
}

export async function findPageIdsByPostings(plan: PostingsPlan, query: ExploreQuery, pageSize: number) {
  const result = await readDb().execute<{ id: number }>(postingsPageIdsStatement(plan, query, pageSize));
  return result.rows.map((row) => row.id);
}

/**
 * Like countMatches, from the postings alone (an index-only scan that stops at COUNT_CAP + 1).
 * Without parallel workers: split between workers, a merge with another word's postings (excluded,
 * or the second of two) had each worker read that word's postings from the start, 65–80 ms for
 * `neon -luxurious` at 1,000,000 clips against 6 ms in one process.
 */
export async function countMatchesByPostings(plan: PostingsPlan, query: ExploreQuery) {
  return readDb().transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const result = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from ${searchPostings} where ${postingsWhere(plan, query)} limit ${COUNT_CAP + 1}
      ) matches`);
    return result.rows[0]?.n ?? 0;
  });
}

/** The smallest weight of search_rank_weights(): a clip's score for a lexeme it holds is at least this. */
const MIN_POSTING_SCORE = 0.1;
/** Scores are float4: the bound's tests keep this margin so rounding can only widen the candidates. */
const BOUND_MARGIN = 1e-4;
/** Thresholds tried, after the phrase's, before ranking every match of the pair. */
const PAIR_THRESHOLDS = [1, 0.5];

/**
 * The clips of two words a b that may rank at least `threshold` without the phrase boost. For the
 * query a & b, ts_rank_cd adds up, over PostgreSQL's minimal covers, the harmonic mean of the cover's
 * weights divided by 1 + the words between them; with two lexemes a cover is two neighbouring
 * occurrences, one of each word, and an occurrence belongs to at most two covers. A harmonic mean of
 * x and y is at most (x + y) / 2 and at most 2·min(x, y), so rank ≤ s_a + s_b and
 * rank ≤ 4·min(s_a, s_b), where s is the word's own score in the clip (the sum of its weights, as the
 * postings hold it). A clip outside this set, and without the phrase, ranks below `threshold`.
 */
function strongPairs([a, b]: [string, string], query: ExploreQuery, threshold: number | SQL): SQL {
  const low = sql`(${threshold}::float8 / 4 - ${BOUND_MARGIN})`;
  const facets = FACET_NAMES.map((name) => facetCondition(query, name, searchPostings)).filter(
    (condition): condition is SQL => condition !== null,
  );
  return sql`
    select ${searchPostings.clipId} from ${searchPostings}
    join search_postings y on y.clip_id = ${searchPostings.clipId} and y.lexeme = ${b} and y.score >= ${low}
    where ${and(
      sql`${searchPostings.lexeme} = ${a}`,
      sql`${searchPostings.score} >= ${low}`,
      sql`${searchPostings.score}::float8 + y.score::float8 >= ${threshold}::float8 - ${BOUND_MARGIN}`,
      ...facets,
    )}`;
}

/** The clips of two words that may rank at least `threshold`: the phrase's clips (only they get the boost) and strongPairs. */
export function pairCandidates(pair: [string, string], query: ExploreQuery, threshold: number): SQL {
  return sql`${strongPairs(pair, query, threshold)} union ${phraseCandidates(pair)}`;
}

/**
 * One relevance page of two loose words, exactly as ranking every match would order it, from a
 * bounded set of candidates. With `depth` the page's last position: if the candidates for a
 * threshold t hold `depth` clips ranked at least t, no other clip (all rank below t) can enter the
 * first `depth`. First, in one statement, t is the depth-th rank of the phrase's own clips (few,
 * each ranked exactly) and the other candidates are the clips whose scores for both words allow t;
 * when the phrase has fewer clips, fixed thresholds follow, then ranking every match.
 */
function rankedPairStatement(query: ExploreQuery, text: SearchText, depth: number, candidates: SQL) {
  return sql`
    select ${clips.id} as id, ${rankExpression(text)}::float8 as rank, ${popularity} as popularity,
      ${clips.createdAt} as created_at
    from ${clips}
    where ${whereOf(query, text, candidates)}
    order by ${orderOf(query, text)}
    limit ${depth}`;
}

/**
 * The first `depth` clips of two words when the phrase has at least `depth` clips (threshold is
 * then non-null on every row): the phrase's clips, and the strong pairs their depth-th rank allows.
 */
export function pairPageStatement(
  pair: [string, string],
  query: ExploreQuery,
  text: SearchText,
  depth: number,
) {
  return sql`
    with phrase as materialized (${rankedPairStatement(query, text, depth, phraseCandidates(pair))}),
    bound as (select min(rank) as threshold from phrase having count(*) = ${depth})
    select id, (select threshold from bound) as threshold from (
      (select * from phrase)
      union
      (${rankedPairStatement(query, text, depth, strongPairs(pair, query, sql`(select threshold from bound)`))})
    ) ranked
    order by rank desc, popularity desc, created_at desc nulls last, id desc nulls last
    limit ${depth}`;
}

/** How many of the phrase's clips, best bound first, are ranked exactly to find a first threshold (per page position). */
const SEEDS_PER_POSITION = 2;

/**
 * A clip's score for a lexeme, probed in the postings' primary key once per row and kept only when
 * at least `min` (`offset 0` keeps it a per-row lookup: joined instead, the planner read every
 * posting of a common word).
 */
const scoreOf = (lexeme: string, clipId: SQL, alias: string, min: SQL = sql`0`) =>
  sql`cross join lateral (select x.score::float8 as score from search_postings x
    where x.lexeme = ${lexeme} and x.clip_id = ${clipId} and x.score >= ${min} offset 0) ${sql.identifier(alias)}`;

/** The bound of a clip's rank for a & b from its two scores (see strongPairs), without the phrase boost. */
const pairBound = sql`least(sa.score + sb.score, 4 * least(sa.score, sb.score))`;

/**
 * The candidates of two words a b in one statement, with the threshold they are complete for.
 * The threshold: the phrase's clips with the best bounds (their two scores, probed), ranked exactly;
 * the depth-th rank t, when there are `depth` of them, is reached by at least `depth` clips, so no
 * clip ranking below it can be on the page. The candidates are every clip that may rank at least t,
 * by where the words stand (the last kind in pairApartStatement):
 * - clips holding "a b" (the phrase boost, 1): rank ≤ 1 + min(s_a + s_b, 4·min(s_a, s_b));
 * - clips holding "b a": rank ≤ min(s_a + s_b, 4·min(s_a, s_b)) (strongPairs' bound);
 * - every other clip has no two occurrences side by side, so each cover has at least one word
 *   between its two and is worth at most half of the harmonic mean: rank ≤ min((s_a + s_b) / 2,
 *   2·min(s_a, s_b)). Reaching t then needs max(s_a, s_b) ≥ t: the postings of each word from t up
 *   (its rank index), the other word's score probed.
 * Side by side means positions p and p + 1, exactly what the bigrams hold and what gives a cover no gap.
 * The threshold is null when the phrase has fewer than `depth` clips (after facets and exclusions).
 */
export function pairCandidatesStatement(
  [a, b]: [string, string],
  query: ExploreQuery,
  text: SearchText,
  depth: number,
) {
  const t = sql`(select threshold from bound)`;
  const margin = sql`${BOUND_MARGIN}::float8`;
  return sql`
    with phrase as materialized (
      select g.clip_id, ${pairBound} as bound
      from search_bigrams g ${scoreOf(a, sql`g.clip_id`, "sa")} ${scoreOf(b, sql`g.clip_id`, "sb")}
      where g.lexeme = ${a} and g.next_lexeme = ${b}
    ),
    seeds as materialized (
      ${rankedPairStatement(
        query,
        text,
        depth,
        sql`select clip_id from phrase order by bound desc, clip_id desc limit ${depth * SEEDS_PER_POSITION}`,
      )}
    ),
    bound as (select min(rank) as threshold from seeds having count(*) = ${depth})
    select ${t} as threshold, array(
      select clip_id from phrase where ${PHRASE_BOOST} + bound >= ${t} - ${margin}
      union
      select g.clip_id from search_bigrams g
        ${scoreOf(a, sql`g.clip_id`, "sa", sql`${t} / 4 - ${margin}`)}
        ${scoreOf(b, sql`g.clip_id`, "sb", sql`${t} / 4 - ${margin}`)}
      where g.lexeme = ${b} and g.next_lexeme = ${a} and ${pairBound} >= ${t} - ${margin}
    ) as ids`;
}

/**
 * The clips of neither bigram that may rank at least `threshold` (a constant here, so the planner
 * walks each word's rank index from the threshold up rather than all of its postings).
 */
export function pairApartStatement([a, b]: [string, string], threshold: number): SQL {
  const t = sql`${threshold}::float8`;
  const margin = sql`${BOUND_MARGIN}::float8`;
  const apart = (strong: string, other: string) => sql`
    select p.clip_id from search_postings p
    ${scoreOf(other, sql`p.clip_id`, "o", sql`${t} / 2 - ${margin}`)}
    where p.lexeme = ${strong} and p.score >= ${t} - ${margin}
      and (p.score::float8 + o.score) / 2 >= ${t} - ${margin}`;
  return sql`${apart(a, b)} union ${apart(b, a)}`;
}

/**
 * One relevance page of two loose words, exactly as ranking every match would order it: the clips
 * that may reach a first threshold (pairCandidatesStatement), ranked exactly. When the seeds are too few (a rare phrase, facets
 * that few of them pass), the older steps follow: the phrase's clips all ranked, fixed thresholds,
 * then every match.
 */
export async function findPageIdsByPair(
  pair: [string, string],
  query: ExploreQuery,
  text: SearchText,
  pageSize: number,
) {
  const depth = query.page * pageSize;
  const ranked = (candidates: SQL) => rankedPairStatement(query, text, depth, candidates);
  /** The ids of the asked page, from the first `depth` rows. */
  const pageOf = (rows: { id: number }[]) => rows.slice(depth - pageSize).map((row) => row.id);
  const [{ threshold, ids }] = (
    await readDb().execute<{ threshold: number | null; ids: number[] }>(
      pairCandidatesStatement(pair, query, text, depth),
    )
  ).rows;
  if (threshold != null) {
    const candidates = sql`select unnest(${sql.param(ids)}::int[]) union ${pairApartStatement(pair, Number(threshold))}`;
    return pageOf((await readDb().execute<{ id: number }>(ranked(candidates))).rows);
  }
  const first = await readDb().execute<{ id: number; threshold: number | null }>(
    pairPageStatement(pair, query, text, depth),
  );
  if (first.rows[0]?.threshold != null) return pageOf(first.rows);
  for (const threshold of PAIR_THRESHOLDS) {
    // Below this every posting is a candidate: ranking all matches at once is cheaper.
    if (threshold / 4 <= MIN_POSTING_SCORE) break;
    const rows = (
      await readDb().execute<{ id: number; rank: number }>(ranked(pairCandidates(pair, query, threshold)))
    ).rows;
    if (rows.length === depth && Number(rows[depth - 1].rank) >= threshold) return pageOf(rows);
  }
  return findPageIds(query, text, pageSize);
}
