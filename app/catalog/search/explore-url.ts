import {
  CAMERA_MOTIONS,
  type CameraMotionFilter,
  COLOR_TONES,
  COLOUR_NAMES,
  type ColorTone,
  type ColourName,
  DURATIONS,
  type DurationBucket,
  LICENSES,
  type License,
  MOODS,
  type Mood,
  ORIENTATIONS,
  type Orientation,
  PEOPLE_FILTERS,
  type PeopleFilter,
  RELEASE_FILTERS,
  RESOLUTIONS,
  type ReleaseFilter,
  type Resolution,
  SHOTS,
  type Shot,
} from "../clips/attributes";

export const SORTS = ["relevance", "newest", "popular", "shortest", "longest"] as const;
export type Sort = (typeof SORTS)[number];

/**
 * The explore page's state as it lives in the URL; read (validated) by explore-query.server.ts.
 * Every facet is a set: several values of one facet widen the search (any of them), different
 * facets narrow it (all of them).
 */
export interface ExploreQuery {
  q: string;
  /** Search the words as typed: no spelling correction ("Search instead for …"). */
  exact: boolean;
  niche: string[];
  /** A sub-niche, meaningful only when exactly one niche is chosen. */
  sub: string | null;
  license: License[];
  duration: DurationBucket[];
  orientation: Orientation[];
  tone: ColorTone[];
  mood: Mood[];
  resolution: Resolution[];
  /** What the analysis saw: dominant colours, the measured camera move, one shot. */
  colour: ColourName[];
  motion: CameraMotionFilter[];
  shot: Shot[];
  /** People seen (none, one, two or more), and only clips whose people have model releases. */
  people: PeopleFilter[];
  releases: ReleaseFilter[];
  /** Null: the default, relevance for a text search, newest otherwise. */
  sort: Sort | null;
  page: number;
}

/**
 * Writing explore URLs, kept apart from the Zod schema that reads them so pages that only link to
 * explore (the home page) do not ship Zod to the browser.
 */
export type FilterName =
  | "license"
  | "duration"
  | "orientation"
  | "tone"
  | "mood"
  | "resolution"
  | "colour"
  | "motion"
  | "shot"
  | "people"
  | "releases";
export const FILTER_NAMES: FilterName[] = [
  "license",
  "duration",
  "orientation",
  "tone",
  "mood",
  "resolution",
  "colour",
  "motion",
  "shot",
  "people",
  "releases",
];
export type FacetName = "niche" | FilterName;

export const FILTER_VALUES: Record<FilterName, readonly string[]> = {
  license: LICENSES,
  duration: DURATIONS,
  orientation: ORIENTATIONS,
  tone: COLOR_TONES,
  mood: MOODS,
  resolution: RESOLUTIONS,
  colour: COLOUR_NAMES,
  motion: CAMERA_MOTIONS,
  shot: SHOTS,
  people: PEOPLE_FILTERS,
  releases: RELEASE_FILTERS,
};

export const EMPTY_QUERY: ExploreQuery = {
  q: "",
  exact: false,
  niche: [],
  sub: null,
  license: [],
  duration: [],
  orientation: [],
  tone: [],
  mood: [],
  resolution: [],
  colour: [],
  motion: [],
  shot: [],
  people: [],
  releases: [],
  sort: null,
  page: 1,
};

/** The sort a query is shown in. */
export const effectiveSort = (query: Pick<ExploreQuery, "q" | "sort">): Sort =>
  query.sort ?? (query.q ? "relevance" : "newest");

/** The URL search string of a query, leaving out defaults so shared links stay short. */
export function exploreSearch(partial: Partial<ExploreQuery>) {
  const query = { ...EMPTY_QUERY, ...partial };
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.q && query.exact) params.set("exact", "1");
  for (const niche of query.niche) params.append("niche", niche);
  if (query.niche.length === 1 && query.sub) params.set("sub", query.sub);
  for (const name of FILTER_NAMES) for (const value of query[name]) params.append(name, value);
  if (query.sort && query.sort !== effectiveSort({ q: query.q, sort: null })) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The query with one facet value added when absent, removed when present (back to page 1). */
export function toggleFacet(query: ExploreQuery, name: FacetName, value: string): ExploreQuery {
  const current = query[name] as string[];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return { ...query, [name]: next, ...(name === "niche" ? { sub: null } : {}), page: 1 };
}

/** True when nothing narrows the catalogue. */
export function isUnfiltered(query: ExploreQuery) {
  return !query.q && query.niche.length === 0 && FILTER_NAMES.every((name) => query[name].length === 0);
}
