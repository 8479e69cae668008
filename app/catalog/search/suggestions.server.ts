import { listNiches } from "../clips/catalog.server";
import { findPopularQueries, findTags, normaliseQuery } from "./search-stats.queries.server";

export const SUGGESTIONS_MAX = 8;
export const SUGGEST_PREFIX_MIN = 2;
export const SUGGEST_PREFIX_MAX = 60;

export type SuggestionKind = "niche" | "query" | "tag";
export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  /** Where choosing it goes: explore with the niche, or with the text. */
  href: string;
}

const videosHref = (params: Record<string, string>) => `/videos?${new URLSearchParams(params).toString()}`;

/**
 * Suggestions for a prefix typed in a search box: niches and sub-niches whose names contain it,
 * popular past searches and tags that start with it. Each kind is an index lookup.
 */
export async function suggest(typed: string): Promise<Suggestion[]> {
  const prefix = normaliseQuery(typed)
    .replace(/\p{Cc}/gu, "")
    .slice(0, SUGGEST_PREFIX_MAX);
  if (prefix.length < SUGGEST_PREFIX_MIN) return [];
  const [niches, queries, tags] = await Promise.all([
    listNiches("replica"),
    findPopularQueries(prefix, 4),
    findTags(prefix, 5),
  ]);
  const suggestions: Suggestion[] = [];
  for (const niche of niches) {
    if (niche.name.toLowerCase().includes(prefix))
      suggestions.push({ kind: "niche", label: niche.name, href: videosHref({ niche: niche.id }) });
    for (const sub of niche.subNiches)
      if (sub.toLowerCase().includes(prefix))
        suggestions.push({
          kind: "niche",
          label: `${niche.name} › ${sub}`,
          href: videosHref({ niche: niche.id, sub }),
        });
  }
  const seen = new Set<string>();
  for (const query of queries) {
    seen.add(query);
    suggestions.push({ kind: "query", label: query, href: videosHref({ q: query }) });
  }
  for (const tag of tags) {
    if (seen.has(tag)) continue;
    seen.add(tag);
    suggestions.push({ kind: "tag", label: tag, href: videosHref({ q: tag }) });
  }
  return suggestions.slice(0, SUGGESTIONS_MAX);
}
