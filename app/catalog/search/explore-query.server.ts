import { z } from "zod";
import { SEARCH_QUERY_MAX } from "~/constants";
import {
  CAMERA_MOTIONS,
  COLOR_TONES,
  COLOUR_NAMES,
  DURATIONS,
  LICENSES,
  MOODS,
  ORIENTATIONS,
  PEOPLE_FILTERS,
  RELEASE_FILTERS,
  RESOLUTIONS,
  SHOTS,
} from "../clips/attributes";
import { type ExploreQuery, SORTS } from "./explore-url";

/** Counts are exact up to this many matches, then shown as "10,000+"; pages stop there too. */
export const COUNT_CAP = 10_000;
export const PAGE_SIZE = 24;
export const MAX_PAGE = Math.ceil(COUNT_CAP / PAGE_SIZE);

/**
 * The explore page's state as it lives in the URL (q, exact, niche…, sub, license…, duration…,
 * orientation…, tone…, mood…, resolution…, sort, page). Anything malformed falls back to its default
 * instead of failing the page; unknown facet values are dropped. Server-only, so Zod stays out of the
 * browser; the type and URL writing are in explore-url.ts.
 */
const set = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.string())
    .catch([])
    .transform((list) => values.filter((value) => list.includes(value)) as T[number][]);

export const ExploreQuerySchema = z.object({
  // Longer input is cut, not refused: a pasted paragraph still searches its first words.
  q: z
    .string()
    .catch("")
    // Control characters (NUL included) are never meant and PostgreSQL refuses NUL in text.
    .transform((value) =>
      value
        .replace(/[\p{Cc}]+/gu, " ")
        .trim()
        .slice(0, SEARCH_QUERY_MAX)
        .trim(),
    ),
  exact: z.literal("1").nullable().catch(null),
  niche: z
    .array(z.string())
    .catch([])
    .transform((list) => [...new Set(list.filter((id) => /^[a-z][a-z0-9-]{0,39}$/.test(id)))].slice(0, 20)),
  sub: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((value) => !/\p{Cc}/u.test(value))
    .nullable()
    .catch(null),
  license: set(LICENSES),
  duration: set(DURATIONS),
  orientation: set(ORIENTATIONS),
  tone: set(COLOR_TONES),
  mood: set(MOODS),
  resolution: set(RESOLUTIONS),
  colour: set(COLOUR_NAMES),
  motion: set(CAMERA_MOTIONS),
  shot: set(SHOTS),
  people: set(PEOPLE_FILTERS),
  releases: set(RELEASE_FILTERS),
  sort: z.enum(SORTS).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

export type { ExploreQuery } from "./explore-url";

export function parseExploreQuery(params: URLSearchParams): ExploreQuery {
  const parsed = ExploreQuerySchema.parse({
    q: params.get("q") ?? "",
    exact: params.get("exact"),
    niche: params.getAll("niche"),
    sub: params.get("sub"),
    license: params.getAll("license"),
    duration: params.getAll("duration"),
    orientation: params.getAll("orientation"),
    tone: params.getAll("tone"),
    mood: params.getAll("mood"),
    resolution: params.getAll("resolution"),
    colour: params.getAll("colour"),
    motion: params.getAll("motion"),
    shot: params.getAll("shot"),
    people: params.getAll("people"),
    releases: params.getAll("releases"),
    sort: params.get("sort"),
    page: params.get("page") ?? 1,
  });
  return {
    ...parsed,
    exact: parsed.exact === "1" && parsed.q !== "",
    // A sub-niche only means something inside its one niche.
    sub: parsed.niche.length === 1 ? parsed.sub : null,
    // Relevance needs words to rank by.
    sort: parsed.sort === "relevance" && !parsed.q ? null : parsed.sort,
  };
}
