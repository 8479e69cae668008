/** More words than this add nothing to a stock-footage search and only cost time. */
export const MAX_TERMS = 8;

/** Words shorter than this are not worth correcting (and match too much as prefixes). */
export const MIN_TERM_LENGTH = 3;

/**
 * A search text taken apart: loose words (each must match, spelling may be corrected), "quoted
 * phrases" (the words in that order, never corrected) and -excluded words. Only letters and digits
 * survive, so nothing of the user's reaches SQL or tsquery syntax.
 */
export interface SearchText {
  words: string[];
  phrases: string[][];
  excluded: string[];
  /**
   * Groups of which one item must match, an item being terms (words or phrases) that must all
   * match: a translated word beside its English readings, [["strand"], ["beach"]] (search.server.ts).
   */
  anyOf?: string[][][];
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export function parseSearchText(text: string): SearchText {
  const phrases: string[][] = [];
  const words: string[] = [];
  const excluded: string[] = [];
  // A quote left open runs to the end of the text.
  const rest = text.replace(/"([^"]*)("|$)/g, (_, inner: string) => {
    const phrase = wordsOf(inner);
    if (phrase.length > 1) phrases.push(phrase);
    else words.push(...phrase);
    return " ";
  });
  for (const token of rest.split(/\s+/)) {
    if (!token) continue;
    if (token.startsWith("-") && token.length > 1) excluded.push(...wordsOf(token));
    else words.push(...wordsOf(token));
  }
  let budget = MAX_TERMS;
  const take = <T>(list: T[], size: (item: T) => number) =>
    list.filter((item) => {
      budget -= size(item);
      return budget >= 0;
    });
  const unique = (list: string[]) => [...new Set(list)];
  const keptPhrases = take(phrases, (phrase) => phrase.length);
  const keptWords = take(unique(words), () => 1);
  const keptExcluded = take(
    unique(excluded).filter((word) => !keptWords.includes(word)),
    () => 1,
  );
  return { words: keptWords, phrases: keptPhrases, excluded: keptExcluded };
}

export const hasPositiveTerms = (text: SearchText) =>
  text.words.length > 0 || text.phrases.length > 0 || (text.anyOf?.length ?? 0) > 0;
export const isEmptySearch = (text: SearchText) => !hasPositiveTerms(text) && text.excluded.length === 0;

/** The text again, with corrected words in place ("oceam sunset" → "ocean sunset"). */
export function writeSearchText(text: SearchText, replace: Map<string, string> = new Map()) {
  return [
    ...text.words.map((word) => replace.get(word) ?? word),
    ...text.phrases.map((phrase) => `"${phrase.join(" ")}"`),
    ...text.excluded.map((word) => `-${word}`),
  ].join(" ");
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Every word one edit away from `word` in the Damerau sense: a letter dropped, added or changed, or
 * two neighbours swapped ("ocaen" → "ocean"). Trigram similarity misses a swap in a short word
 * (ocaen and ocean share 2 of 10 trigrams), so corrections look these up in the vocabulary first.
 */
export function oneEditVariants(word: string): string[] {
  const letters = [...word];
  const alphabet = new Set([...ALPHABET, ...letters]);
  const variants = new Set<string>();
  const join = (parts: string[]) => parts.join("");
  for (let index = 0; index <= letters.length; index++) {
    const before = letters.slice(0, index);
    const after = letters.slice(index);
    for (const letter of alphabet) variants.add(join([...before, letter, ...after]));
    if (index === letters.length) continue;
    variants.add(join([...before, ...after.slice(1)]));
    for (const letter of alphabet) variants.add(join([...before, letter, ...after.slice(1)]));
    if (index < letters.length - 1) variants.add(join([...before, after[1]!, after[0]!, ...after.slice(2)]));
  }
  variants.delete(word);
  return [...variants];
}
