import { LRUCache } from "lru-cache";
import {
  CAMERA_MOTION_LABELS,
  CAMERA_MOTIONS,
  COLOR_TONES,
  COLOUR_NAMES,
  DURATIONS,
  LICENSES,
  MOODS,
  ORIENTATIONS,
  PEOPLE_FILTER_LABELS,
  PEOPLE_FILTERS,
  RESOLUTION_LABELS,
  RESOLUTIONS,
} from "../clips/attributes";
import { listClipsByIds, listNiches, listPopularClips } from "../clips/catalog.server";
import type { CatalogClip, ClipPage, Facet } from "../clips/catalog-clip";
import { COUNT_CAP, PAGE_SIZE } from "./explore-query.server";
import { type ExploreQuery, effectiveSort, type FacetName } from "./explore-url";
import { translateWords } from "./query-translation";
import {
  countFacets,
  countMatches,
  countMatchesByPostings,
  findCorrections,
  findPageIds,
  findPageIdsByPair,
  findPageIdsByPostings,
  findSearchPlan,
  phraseCandidates,
} from "./search.queries.server";
import { MIN_TERM_LENGTH } from "./search-index.server";
import { listTopSearches as findTopSearches, type TopSearch } from "./search-stats.queries.server";
import { countSearch } from "./search-stats-buffer.server";
import {
  isEmptySearch,
  oneEditVariants,
  parseSearchText,
  type SearchText,
  writeSearchText,
} from "./search-text";
import { resolveTranslatedText, vocabularyFixes } from "./translated-text.server";

export { PAGE_SIZE } from "./explore-query.server";

const MIN_SIMILARITY = 0.35;

/**
 * The text to search: the typed words, with unknown words corrected unless the user asked not to,
 * and its plan. The typed text's plan is worked out beside the corrections (most texts need none).
 */
async function resolveText(query: ExploreQuery) {
  const typed = parseSearchText(query.q);
  // Words of the other five languages are searched as themselves or their English (query-translation.ts).
  const translated = translateWords(typed.words);
  const fixes = query.exact ? new Map() : vocabularyFixes(translated.plain);
  if (translated.translations.length > 0 || fixes.size > 0) {
    // Most English words near a foreign one ("river", one edit from "hiver") are searched as typed:
    // their plan is worked out beside the look-ups, as below.
    const typedPlan = translated.translations.length === 0 ? findSearchPlan(typed) : null;
    typedPlan?.catch(() => {}); // awaited below when used; its failure must not go unhandled otherwise
    const { text, correctedQuery } = await resolveTranslatedText(typed, translated, fixes, {
      exact: query.exact,
      minLength: MIN_TERM_LENGTH,
      minSimilarity: MIN_SIMILARITY,
    });
    // Nothing translated and nothing corrected: the text is the typed one.
    const plan = typedPlan && correctedQuery === null ? await typedPlan : await findSearchPlan(text);
    return { text, correctedQuery, plan };
  }
  if (query.exact || typed.words.length === 0)
    return { text: typed, correctedQuery: null, plan: await findSearchPlan(typed) };
  const [corrections, typedPlan] = await Promise.all([
    findCorrections(typed.words, MIN_TERM_LENGTH, MIN_SIMILARITY, oneEditVariants),
    findSearchPlan(typed),
  ]);
  if (corrections.size === 0) return { text: typed, correctedQuery: null, plan: typedPlan };
  const text: SearchText = {
    ...typed,
    words: [...new Set(typed.words.map((word) => corrections.get(word) ?? word))],
  };
  return { text, correctedQuery: writeSearchText(typed, corrections), plan: await findSearchPlan(text) };
}

/**
 * One page of the catalogue for a search text and facets, in the query's sort (relevance for text,
 * else newest). Relevance ranks every match, not a first batch. Any input is safe: the text is
 * reduced to words and bound as parameters.
 */
export async function searchClips(query: ExploreQuery, pageSize = PAGE_SIZE): Promise<ClipPage> {
  const { text, correctedQuery, plan } = await resolveText(query);
  if (query.q && isEmptySearch(text))
    return { clips: [], total: 0, capped: false, page: 1, pageCount: 0, correctedQuery: null };
  // A one-word text is answered from its postings, two words from a bounded set of candidates, a
  // phrase from the clips that hold its bigrams; other texts rank every match.
  const relevance = effectiveSort(query) === "relevance";
  const candidates = plan.phrase ? phraseCandidates(plan.phrase) : null;
  const [ids, counted] = await Promise.all([
    plan.postings && relevance
      ? findPageIdsByPostings(plan.postings, query, pageSize)
      : plan.pair && relevance
        ? findPageIdsByPair(plan.pair, query, text, pageSize)
        : findPageIds(query, text, pageSize, candidates),
    plan.counts ? countMatchesByPostings(plan.counts, query) : countMatches(query, text, candidates),
  ]);
  const clips = await listClipsByIds(ids, "replica");
  const total = Math.min(counted, COUNT_CAP);
  return {
    clips,
    total,
    capped: counted > COUNT_CAP,
    page: query.page,
    pageCount: Math.ceil(total / pageSize),
    correctedQuery,
  };
}

/**
 * A read kept for `ttl` ms per process, through lru-cache's `fetch`: callers who ask at the same
 * moment share one read, and a read that failed is not kept.
 */
function keptRead<K extends {}, V extends {}, C>(
  options: { max: number; ttl: number },
  read: (context: C) => Promise<V>,
): (key: K, context: C) => Promise<V> {
  const cache = new LRUCache<K, V, C>({
    ...options,
    // An entry pushed out while its read runs still answers the callers who wait on it.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => read(context),
  });
  // `fetch` gives undefined only for a read that gives nothing, which these never do. Its options'
  // type is chosen by the context's type, which TypeScript cannot resolve for a generic C.
  return async (key, context) => (await cache.fetch(key, { context } as never)) as V;
}

/**
 * The public search pages show every visitor the same results, and a popular search is asked for
 * many times a second: each process keeps a page of results for three seconds, as long as the page
 * cache keeps an anonymous copy (docs/decisions/0002).
 */
const recentResults = keptRead<string, ClipPage, ExploreQuery>({ max: 500, ttl: 3_000 }, searchClips);

export function searchClipsCached(query: ExploreQuery): Promise<ClipPage> {
  return recentResults(JSON.stringify(query), query);
}

const DURATION_LABELS: Record<string, string> = {
  short: "Short (<15s)",
  medium: "Medium (15–30s)",
  long: "Long (>30s)",
};
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * Facet counts change little from one minute to the next and a broad text's pass over its matches
 * is the page's dearest part, so they are kept for a minute per query (page and sort aside).
 */
const keptFacets = keptRead<string, Facet[], ExploreQuery>({ max: 500, ttl: 60_000 }, countedFacets);

/** The facets of the explore page with their counts for this query. */
export function searchFacets(query: ExploreQuery): Promise<Facet[]> {
  return keptFacets(JSON.stringify({ ...query, page: 1, sort: null }), query);
}

async function countedFacets(query: ExploreQuery): Promise<Facet[]> {
  const [{ text, plan: textPlan }, niches] = await Promise.all([resolveText(query), listNiches("replica")]);
  const definitions: { name: FacetName; label: string; values: { value: string; label: string }[] }[] = [
    {
      name: "niche",
      label: "Niche",
      values: niches.map((niche) => ({ value: niche.id, label: niche.name })),
    },
    {
      name: "license",
      label: "License",
      values: LICENSES.map((value) => ({ value, label: capitalise(value) })),
    },
    {
      name: "duration",
      label: "Duration",
      values: DURATIONS.map((value) => ({ value, label: DURATION_LABELS[value] })),
    },
    {
      name: "orientation",
      label: "Orientation",
      values: ORIENTATIONS.map((value) => ({ value, label: capitalise(value) })),
    },
    {
      name: "tone",
      label: "Color tone",
      values: COLOR_TONES.map((value) => ({ value, label: capitalise(value) })),
    },
    { name: "mood", label: "Mood", values: MOODS.map((value) => ({ value, label: capitalise(value) })) },
    {
      name: "resolution",
      label: "Resolution",
      values: RESOLUTIONS.map((value) => ({ value, label: RESOLUTION_LABELS[value] })),
    },
    {
      name: "colour",
      label: "Colour",
      values: COLOUR_NAMES.map((value) => ({ value, label: capitalise(value) })),
    },
    {
      name: "motion",
      label: "Camera",
      values: CAMERA_MOTIONS.map((value) => ({ value, label: CAMERA_MOTION_LABELS[value] })),
    },
    { name: "shot", label: "Shot", values: [{ value: "single", label: "Single shot" }] },
    {
      name: "people",
      label: "People",
      values: PEOPLE_FILTERS.map((value) => ({ value, label: PEOPLE_FILTER_LABELS[value] })),
    },
    { name: "releases", label: "Releases", values: [{ value: "covered", label: "With releases only" }] },
  ];
  const flat = definitions.flatMap((facet) => facet.values.map(({ value }) => ({ name: facet.name, value })));
  const plan = query.q && isEmptySearch(text) ? null : textPlan;
  const counts = plan
    ? await countFacets(query, text, flat, plan.counts, plan.phrase ? phraseCandidates(plan.phrase) : null)
    : flat.map(() => 0);
  let index = 0;
  const facets = definitions.map((facet) => ({
    name: facet.name,
    label: facet.label,
    values: facet.values.map(({ value, label }) => ({
      value,
      label,
      count: counts[index++],
      selected: (query[facet.name] as string[]).includes(value),
    })),
  }));
  return facets;
}

export const POPULAR_FALLBACK_CLIPS = 8;
const RELATED_NICHES = 3;

/**
 * What a search with no results offers instead of an empty page: niches whose names share a word
 * with the text (else the first niches), and the most popular clips.
 */
export async function noResultsHelp(query: ExploreQuery): Promise<{
  niches: { id: string; name: string }[];
  popular: CatalogClip[];
}> {
  const [niches, popular] = await Promise.all([
    listNiches("replica"),
    listPopularClips(POPULAR_FALLBACK_CLIPS),
  ]);
  const words = parseSearchText(query.q).words;
  const related = niches.filter((niche) =>
    [niche.name, ...niche.subNiches].some((name) =>
      words.some((word) => word.length >= MIN_TERM_LENGTH && name.toLowerCase().includes(word.slice(0, 4))),
    ),
  );
  const chosen = (related.length ? related : niches).slice(0, RELATED_NICHES);
  return { niches: chosen.map(({ id, name }) => ({ id, name })), popular };
}

/** Counts a first-page text search for suggestions and top searches (written in batches); never fails the page. */
export function noteSearch(query: ExploreQuery, page: ClipPage) {
  if (!query.q || query.page !== 1) return;
  countSearch(page.correctedQuery ?? query.q, page.total, page.clips[0]?.id ?? null);
}

/**
 * What was searched most this week moves slowly, and explore shows it on every visit: each process
 * keeps it for a minute, as it does the facets.
 */
const keptTopSearches = keptRead<number, TopSearch[], number>({ max: 8, ttl: 60_000 }, findTopSearches);

export function listTopSearches(limit: number): Promise<TopSearch[]> {
  return keptTopSearches(limit, limit);
}
