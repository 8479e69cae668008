import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { listNiches } from "../clips/catalog.server";
import { termsOf } from "../components/term-labels";
import { LANGUAGE_TERMS, type TermLanguage } from "../terms/terms";
import { foldForMatching } from "./query-translation";
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
 * Suggestions for a prefix typed in a search box, in the box's language: niches and sub-niches whose
 * names in it contain the prefix, popular past searches, the language's catalogue words (decision
 * 0032) and the tags that start with it. Each kind is an index or in-memory lookup.
 */
export async function suggest(typed: string, locale: Locale = DEFAULT_LOCALE): Promise<Suggestion[]> {
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
  const terms = termsOf(translator(locale, ["catalog"]).t);
  const folded = foldForMatching(prefix);
  const matches = (name: string) => foldForMatching(name).includes(folded);
  for (const niche of niches) {
    const name = terms.niche(niche.id, niche.name);
    if (matches(name))
      suggestions.push({ kind: "niche", label: name, href: videosHref({ niche: niche.id }) });
    for (const sub of niche.subNiches) {
      const subName = terms.subNiche(sub);
      if (matches(subName))
        suggestions.push({
          kind: "niche",
          label: `${name} › ${subName}`,
          href: videosHref({ niche: niche.id, sub }),
        });
    }
  }
  const seen = new Set<string>();
  for (const query of queries) {
    seen.add(query);
    suggestions.push({ kind: "query", label: query, href: videosHref({ q: query }) });
  }
  for (const word of languageWords(locale, folded)) {
    if (seen.has(word)) continue;
    seen.add(word);
    suggestions.push({ kind: "tag", label: word, href: videosHref({ q: word }) });
  }
  for (const tag of tags) {
    if (seen.has(tag)) continue;
    seen.add(tag);
    suggestions.push({ kind: "tag", label: tag, href: videosHref({ q: tag }) });
  }
  return suggestions.slice(0, SUGGESTIONS_MAX);
}

const LANGUAGE_WORDS_MAX = 5;

/**
 * The catalogue words of the box's language (their display form) of which a form starts with the
 * folded prefix: "Stra" in German offers "Strand", searched as the beach clips it means.
 */
function languageWords(locale: Locale, folded: string): string[] {
  const terms = LANGUAGE_TERMS[LOCALE_TAGS[locale] as TermLanguage] as
    | (typeof LANGUAGE_TERMS)[TermLanguage]
    | undefined;
  if (!terms) return [];
  const found: string[] = [];
  for (const forms of Object.values(terms.words)) {
    if (forms.some((form) => foldForMatching(form).startsWith(folded))) found.push(forms[0]);
    if (found.length === LANGUAGE_WORDS_MAX) break;
  }
  return found;
}
