/**
 * The catalogue's words in the buyer's languages, as data: the search maps a query's words through
 * them to the English the catalogue is described in, and the interface can show the same names
 * (niches, sub-niches, moods, orientations) without a second list. Safe for the browser.
 */

export const TERM_LANGUAGES = ["de", "fr", "es", "pt-BR", "ja"] as const;
export type TermLanguage = (typeof TERM_LANGUAGES)[number];

/** A language's forms of one English term: the first is its display name, the rest are synonyms. */
export type Forms = readonly [string, ...string[]];

export interface LanguageTerms {
  /** Niche names, by niche id (server/seed/demo-content.ts). */
  niches: Record<string, string>;
  /** Sub-niche names, by their English name. */
  subNiches: Record<string, string>;
  /** By the values of MOODS and ORIENTATIONS (app/catalog/clips/attributes.ts). */
  moods: Record<"cinematic" | "calm" | "energetic", string>;
  orientations: Record<"landscape" | "portrait" | "square", string>;
  /**
   * Search words by the English term they mean (a word or phrase of the catalogue's tags and
   * descriptions): the demo catalogue's common tags and general stock-footage words.
   */
  words: Record<string, Forms>;
}

/** The English term a niche's or sub-niche's translated name is searched as. */
export const NICHE_SEARCH_TERMS: Record<string, string> = {
  luxury: "luxury",
  technology: "technology",
  nature: "nature",
  wellness: "wellness",
  food: "food",
  business: "business",
};
