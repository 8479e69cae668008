import { correctFromVocabulary, MIN_CORRECTED_LENGTH, type QueryTranslation } from "./query-translation";
import { findCorrections, findLiveTerms } from "./search.queries.server";
import { oneEditVariants, type SearchText, writeSearchText } from "./search-text";

/** A word no catalogue clip holds, one edit from a vocabulary entry ("strnad" → "strand"). */
type VocabularyFix = NonNullable<ReturnType<typeof correctFromVocabulary>>;

/** Words of the query that are not translated but are one edit from a word of the vocabulary. */
export function vocabularyFixes(plain: string[]): Map<string, VocabularyFix> {
  const fixes = new Map<string, VocabularyFix>();
  for (const word of plain) {
    if (word.length < MIN_CORRECTED_LENGTH) continue;
    const fix = correctFromVocabulary(word);
    if (fix) fixes.set(word, fix);
  }
  return fixes;
}

/**
 * The search text of a query with translated words (docs/decisions/0032-search-languages-vocabulary.md):
 * each translated word is searched as itself or as its English readings. A side no published clip
 * matches is left out, so "plage" is searched exactly as "beach" (and the one-word fast paths
 * answer it), while an English word that is also a foreign one ("see" and the German lake) keeps
 * its own results beside the translation's. Untranslated words are corrected as before; a word
 * neither the catalogue nor a one-edit correction of it knows may be corrected against the
 * vocabulary. Returns the text and, when a word was corrected, the query to show ("Showing results for").
 */
export async function resolveTranslatedText(
  typed: SearchText,
  translated: QueryTranslation,
  fixes: Map<string, VocabularyFix>,
  options: { exact: boolean; minLength: number; minSimilarity: number },
): Promise<{ text: SearchText; correctedQuery: string | null }> {
  const probe = new Set<string>();
  for (const { words, english } of translated.translations) {
    probe.add(words.join(" "));
    for (const term of english.flat()) probe.add(term);
  }
  for (const [word, fix] of fixes) {
    probe.add(word);
    for (const term of fix.english.flat()) probe.add(term);
  }
  const [corrections, live] = await Promise.all([
    options.exact || translated.plain.length === 0
      ? new Map<string, string>()
      : findCorrections(translated.plain, options.minLength, options.minSimilarity, oneEditVariants),
    findLiveTerms([...probe]),
  ]);

  const words: string[] = [];
  const phrases = [...typed.phrases];
  const anyOf: string[][][] = [];
  /** Searches the live items (one: as plain words and phrases); false when none is live. */
  const search = (items: string[][]) => {
    const liveItems = items.filter((item) => item.every((term) => live.has(term)));
    if (liveItems.length === 0) return false;
    if (liveItems.length > 1) anyOf.push(liveItems);
    else
      for (const term of liveItems[0]!) {
        const split = term.split(" ");
        if (split.length > 1) phrases.push(split);
        else words.push(term);
      }
    return true;
  };

  // Neither side matches: searched as typed (and found nowhere), not silently dropped.
  for (const { words: run, english } of translated.translations)
    if (!search([[run.join(" ")], ...english])) words.push(...run);

  const shown = new Map<string, string>();
  for (const word of translated.plain) {
    const correction = corrections.get(word);
    const fix = options.exact || live.has(word) ? undefined : fixes.get(word);
    // A one-edit correction from the catalogue's own words comes first: "plya" is "play", not "playa".
    const catalogueIsCloser = correction !== undefined && oneEditVariants(word).includes(correction);
    if (fix && !catalogueIsCloser && search(fix.english)) {
      shown.set(word, fix.form);
      continue;
    }
    if (correction) shown.set(word, correction);
    words.push(correction ?? word);
  }
  const text: SearchText = {
    words: [...new Set(words)],
    phrases,
    excluded: typed.excluded,
    ...(anyOf.length ? { anyOf } : {}),
  };
  return { text, correctedQuery: shown.size ? writeSearchText(typed, shown) : null };
}
