/**
 * The words of a search in German, French, Spanish, Brazilian Portuguese or Japanese mapped to the
 * English terms the catalogue is described in, through the vocabulary in app/catalog/terms/
 * (docs/decisions/0032-search-languages-vocabulary.md). Pure and safe for the browser: the maps are built
 * once, on first use, and a query costs a few map lookups per word.
 */
import { LANGUAGE_TERMS, NICHE_SEARCH_TERMS, type TermLanguage } from "../terms/terms";

/**
 * A run of typed words and what it means in English. `english` holds the readings, any of which
 * may match; a reading is a list of English terms (words or phrases) that must all match: "plage" →
 * [["beach"]], "夕日のビーチ" → [["sunset", "beach"]].
 */
export interface WordTranslation {
  words: string[];
  english: string[][];
}

export interface QueryTranslation {
  translations: WordTranslation[];
  /** The words no translation covers, in order (a hit language's articles and prepositions left out). */
  plain: string[];
}

type Latin = Exclude<TermLanguage, "ja">;
const LATIN: Latin[] = ["de", "fr", "es", "pt-BR"];

/**
 * Plural and inflection endings, each tried on a word to reach its dictionary form, on folded text
 * (so "Strände" → "strande" → "strand", "estações" → "estacoes" → "estacao").
 */
const INFLECTIONS: Record<Latin, [suffix: string, replacement: string][]> = {
  de: [
    ["ern", ""],
    ["en", ""],
    ["er", ""],
    ["e", ""],
    ["n", ""],
    ["s", ""],
  ],
  fr: [
    ["aux", "al"],
    ["x", ""],
    ["s", ""],
  ],
  es: [
    ["ces", "z"],
    ["es", ""],
    ["s", ""],
  ],
  "pt-BR": [
    ["oes", "ao"],
    ["aes", "ao"],
    ["ais", "al"],
    ["eis", "el"],
    ["ns", "m"],
    ["es", ""],
    ["s", ""],
  ],
};
/** A stem shorter than this is no word of the vocabulary worth reaching by cutting an ending. */
const MIN_STEM = 3;

/** Articles and prepositions, folded: left out of a query that holds a word of their language. */
const STOP_WORDS: Record<Latin, Set<string>> = {
  de: new Set(
    "der die das den dem des ein eine einen einem einer eines und oder mit bei am im in an auf aus von vom zum zur fur uber unter nach vor".split(
      " ",
    ),
  ),
  fr: new Set("le la les l un une des du de d et ou avec au aux a en sur sous dans pour par".split(" ")),
  es: new Set("el la los las un una unos unas de del y o con al en sobre bajo para por".split(" ")),
  "pt-BR": new Set(
    "o a os as um uma uns umas de do da dos das e ou com ao no na nos nas em sobre sob para por".split(" "),
  ),
};

/** A misspelt word shorter than this is not corrected against the vocabulary ("mar" is one edit from "man"). */
export const MIN_CORRECTED_LENGTH = 5;

/** Case and width folded, and the accents of Latin letters: "Plágé" → "plage"; kana keep their marks. */
export function foldForMatching(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");
}

/** The words of a text as the search takes them apart (search-text.ts), folded. */
const foldedWords = (text: string) => foldForMatching(text).match(/[\p{L}\p{N}]+/gu) ?? [];

const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
export const isJapanese = (word: string) => JAPANESE.test(word);

interface Vocabulary {
  /** Per language: a folded entry (its words joined by a space) → the English terms it means. */
  latin: Record<Latin, Map<string, Set<string>>>;
  /** The most words in a Latin entry. */
  longest: number;
  /** Japanese forms by their first character, longest first, and what each means. */
  japanese: Map<string, string[]>;
  japaneseTerms: Map<string, Set<string>>;
  /** The English terms the vocabulary translates to, folded. */
  englishTerms: Set<string>;
  /** One-word Latin entries by themselves and each of their one-letter deletions (to find near words). */
  nearby: Map<string, string[]>;
}

/** The word with each one letter left out. */
const deletions = (word: string) => [...word].map((_, at) => word.slice(0, at) + word.slice(at + 1));

/** One edit apart in the Damerau sense: a letter dropped, added or changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let same = 0;
  while (same < short.length && short[same] === long[same]) same++;
  if (short.length < long.length) return short.slice(same) === long.slice(same + 1);
  if (short.slice(same + 1) === long.slice(same + 1)) return true;
  return (
    short[same] === long[same + 1] &&
    short[same + 1] === long[same] &&
    short.slice(same + 2) === long.slice(same + 2)
  );
}

/** The English term a niche or sub-niche name is searched as: its words ("AI & Data" → "ai data"). */
const englishOf = (name: string) => foldedWords(name).join(" ");

function buildVocabulary(): Vocabulary {
  const latin = Object.fromEntries(LATIN.map((language) => [language, new Map()])) as Vocabulary["latin"];
  const japaneseTerms = new Map<string, Set<string>>();
  let longest = 1;
  const englishTerms = new Set(
    Object.values(LANGUAGE_TERMS).flatMap((terms) => [
      ...Object.keys(terms.words).map(englishOf),
      ...Object.keys(terms.subNiches).map(englishOf),
      ...Object.keys(terms.niches).map((id) => NICHE_SEARCH_TERMS[id] ?? id),
    ]),
  );
  const add = (map: Map<string, Set<string>>, key: string, english: string) => {
    // A form that is itself an English term means that term ("café" is the catalogue's cafe, not coffee).
    if (!key || englishTerms.has(key)) return;
    const terms = map.get(key) ?? new Set<string>();
    terms.add(english);
    map.set(key, terms);
  };
  for (const [language, terms] of Object.entries(LANGUAGE_TERMS) as [
    TermLanguage,
    typeof LANGUAGE_TERMS.de,
  ][]) {
    // Moods and orientations are facets, not words of the search vector ("Querformat" is no landscape).
    const entries: [string, string][] = [
      ...Object.entries(terms.niches).map(([id, name]): [string, string] => [
        name,
        NICHE_SEARCH_TERMS[id] ?? id,
      ]),
      ...Object.entries(terms.subNiches).map(([english, name]): [string, string] => [
        name,
        englishOf(english),
      ]),
      ...Object.entries(terms.words).flatMap(([english, forms]) =>
        forms.map((form): [string, string] => [form, english]),
      ),
    ];
    for (const [form, english] of entries) {
      if (language === "ja") {
        add(japaneseTerms, foldForMatching(form).replace(/[\s・]+/g, ""), english);
        continue;
      }
      const words = foldedWords(form);
      longest = Math.max(longest, words.length);
      add(latin[language], words.join(" "), english);
    }
  }
  const japanese = new Map<string, string[]>();
  for (const form of japaneseTerms.keys()) {
    const first = form[0]!;
    japanese.set(first, [...(japanese.get(first) ?? []), form]);
  }
  for (const forms of japanese.values()) forms.sort((a, b) => b.length - a.length);
  // Two words one edit apart share a one-letter deletion, or one is a deletion of the other.
  const nearby = new Map<string, string[]>();
  for (const entries of Object.values(latin))
    for (const key of entries.keys()) {
      if (key.includes(" ")) continue;
      for (const probe of new Set([key, ...deletions(key)])) {
        const forms = nearby.get(probe) ?? [];
        if (!forms.includes(key)) forms.push(key);
        nearby.set(probe, forms);
      }
    }
  return { latin, longest, japanese, japaneseTerms, englishTerms, nearby };
}

let vocabulary: Vocabulary | null = null;
const loaded = () => {
  vocabulary ??= buildVocabulary();
  return vocabulary;
};

/** The forms a word may be the inflection of in `language`, the word itself first. */
function dictionaryForms(word: string, language: Latin): string[] {
  const forms = [word];
  for (const [suffix, replacement] of INFLECTIONS[language])
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM)
      forms.push(word.slice(0, -suffix.length) + replacement);
  return forms;
}

/** The English terms a run of folded words means in `language` (its first or last word may be inflected). */
function lookUp(words: string[], language: Latin): Set<string> {
  const entries = loaded().latin[language];
  const last = words.length - 1;
  const tries = [
    ...dictionaryForms(words[last]!, language).map((form) => [...words.slice(0, last), form]),
    ...(last > 0 ? dictionaryForms(words[0]!, language).map((form) => [form, ...words.slice(1)]) : []),
  ];
  for (const attempt of tries) {
    const terms = entries.get(attempt.join(" "));
    if (terms) return terms;
  }
  return new Set();
}

/** The word is the English term, or its plural. */
const isEnglishFormOf = (word: string, term: string) =>
  word === term || word === `${term}s` || word === `${term}es`;

/**
 * English words that are also a form of the vocabulary with another meaning: never translated, so
 * an English query keeps exactly its results (the German sub-niche "Seen", lakes).
 */
const ENGLISH_HOMOGRAPHS = new Set(["seen"]);

/** Readings beyond this (a Japanese query of many ambiguous words) add nothing but cost. */
const MAX_READINGS = 8;

/** Every way to choose one term per group: [["sea", "ocean"], ["sunset"]] → [["sea", "sunset"], ["ocean", "sunset"]]. */
function readingsOf(groups: string[][]): string[][] {
  let readings: string[][] = [[]];
  for (const group of groups)
    readings = readings.flatMap((reading) => group.map((term) => [...reading, term])).slice(0, MAX_READINGS);
  return readings;
}

/** The vocabulary's forms found inside a Japanese word, longest first from each position, as readings. */
function japaneseReadings(word: string): string[][] | null {
  const { japanese, japaneseTerms } = loaded();
  const text = foldForMatching(word);
  const groups: string[][] = [];
  const seen = new Set<string>();
  let position = 0;
  while (position < text.length) {
    const form = japanese.get(text[position]!)?.find((candidate) => text.startsWith(candidate, position));
    if (!form) {
      position++;
      continue;
    }
    const terms = [...japaneseTerms.get(form)!];
    const key = terms.join("|");
    if (!seen.has(key)) groups.push(terms);
    seen.add(key);
    position += form.length;
  }
  return groups.length ? readingsOf(groups) : null;
}

/**
 * The translations of a query's words (as parseSearchText gives them): runs of words that are an
 * entry of a language's vocabulary (the longest run first, inflected forms included), and Japanese
 * words holding entries. The words themselves stay searched beside their translation (search.server.ts).
 */
export function translateWords(words: string[]): QueryTranslation {
  const { longest } = loaded();
  const folded = words.map(foldForMatching);
  const translations: WordTranslation[] = [];
  const untranslated: number[] = [];
  const hitLanguages = new Set<Latin>();
  let index = 0;
  while (index < words.length) {
    if (isJapanese(folded[index]!)) {
      const english = japaneseReadings(folded[index]!);
      if (english) translations.push({ words: [words[index]!], english });
      else untranslated.push(index);
      index++;
      continue;
    }
    if (ENGLISH_HOMOGRAPHS.has(folded[index]!)) {
      untranslated.push(index++);
      continue;
    }
    let size = Math.min(longest, words.length - index);
    for (; size > 0; size--) {
      const run = folded.slice(index, index + size);
      const terms = new Set<string>();
      for (const language of LATIN) {
        // An English word, or its plural, read as a foreign word meaning it ("sports", "interfaces") is no translation.
        const found = [...lookUp(run, language)].filter((term) => !isEnglishFormOf(run.join(" "), term));
        if (found.length) hitLanguages.add(language);
        for (const term of found) terms.add(term);
      }
      if (terms.size === 0) continue;
      translations.push({
        words: words.slice(index, index + size),
        english: [...terms].map((term) => [term]),
      });
      break;
    }
    if (size === 0) {
      untranslated.push(index);
      size = 1;
    }
    index += size;
  }
  const isStopWord = (word: string) => [...hitLanguages].some((language) => STOP_WORDS[language].has(word));
  const plain = untranslated.filter((at) => !isStopWord(folded[at]!)).map((at) => words[at]!);
  return { translations, plain };
}

/**
 * The vocabulary as (form, English term) pairs for indexing clips described in another language:
 * each form lower-cased as written and folded, Japanese forms as written. Forms that are English
 * terms themselves are left out, as at query time.
 */
export function indexingPairs(): { forms: string[]; english: string[] } {
  const { latin, japaneseTerms } = loaded();
  const pairs = new Map<string, Set<string>>();
  const add = (form: string, terms: Iterable<string>) => {
    const known = pairs.get(form) ?? new Set<string>();
    for (const term of terms) known.add(term);
    pairs.set(form, known);
  };
  for (const [language, entries] of Object.entries(latin) as [Latin, Map<string, Set<string>>][]) {
    for (const [key, terms] of entries) if (!ENGLISH_HOMOGRAPHS.has(key)) add(key, terms);
    for (const [english, forms] of Object.entries(LANGUAGE_TERMS[language].words))
      for (const form of forms) {
        const written = form.toLowerCase();
        if (entries.has(foldedWords(form).join(" "))) add(written, [english]);
      }
  }
  for (const [form, terms] of japaneseTerms) add(form, terms);
  const flat = [...pairs].flatMap(([form, terms]) => [...terms].map((term) => [form, term] as const));
  return { forms: flat.map(([form]) => form), english: flat.map(([, term]) => term) };
}

/**
 * A word of no vocabulary one edit away from one that is ("strnad" → "strand", "plgae" → "plage"),
 * with what it means. Only for words the catalogue does not know (search.server.ts asks it last).
 */
export function correctFromVocabulary(word: string): { form: string; english: string[][] } | null {
  const folded = foldForMatching(word);
  if (folded.length < MIN_CORRECTED_LENGTH || isJapanese(folded)) return null;
  const { latin, englishTerms, nearby } = loaded();
  // An English term of the vocabulary ("ocean", one edit from "ozean") is no misspelling.
  if ([folded, folded.replace(/e?s$/, ""), `${folded}s`].some((form) => englishTerms.has(form))) return null;
  const candidates = new Set<string>();
  for (const probe of [folded, ...deletions(folded)])
    for (const form of nearby.get(probe) ?? []) if (oneEditApart(folded, form)) candidates.add(form);
  // The same length first (a swap or a changed letter), then alphabetical: the same answer every time.
  const [form] = [...candidates].sort(
    (a, b) => Math.abs(a.length - folded.length) - Math.abs(b.length - folded.length) || a.localeCompare(b),
  );
  if (!form) return null;
  const terms = new Set(LATIN.flatMap((language) => [...(latin[language].get(form) ?? [])]));
  return { form, english: [...terms].map((term) => [term]) };
}
