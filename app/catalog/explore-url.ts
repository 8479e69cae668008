import type { ColorTone, DurationBucket, License, Mood, Orientation } from "./attributes";

/** The explore page's state as it lives in the URL; read (validated) by explore-query.server.ts. */
export interface ExploreQuery {
  q: string;
  niche: string | null;
  sub: string | null;
  license: "all" | License;
  duration: "all" | DurationBucket;
  orientation: "all" | Orientation;
  tone: "all" | ColorTone;
  mood: "all" | Mood;
  page: number;
}

/**
 * Writing explore URLs, kept apart from the Zod schema that reads them so pages that only link to
 * explore (the home page) do not ship Zod to the browser.
 */
export type FilterName = "license" | "duration" | "orientation" | "tone" | "mood";
export const FILTER_NAMES: FilterName[] = ["license", "duration", "orientation", "tone", "mood"];

/** The URL search string of a query, leaving out defaults so shared links stay short. */
export function exploreSearch(query: Partial<ExploreQuery>) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.niche) params.set("niche", query.niche);
  if (query.niche && query.sub) params.set("sub", query.sub);
  for (const name of FILTER_NAMES) {
    const value = query[name];
    if (value && value !== "all") params.set(name, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** True when nothing narrows the catalogue. */
export function isUnfiltered(query: ExploreQuery) {
  return !query.q && !query.niche && FILTER_NAMES.every((name) => query[name] === "all");
}
