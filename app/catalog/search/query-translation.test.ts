import { describe, expect, it } from "vitest";
import { LANGUAGE_TERMS, TERM_LANGUAGES } from "../terms/terms";
import { correctFromVocabulary, foldForMatching, oneEditApart, translateWords } from "./query-translation";
import { oneEditVariants, parseSearchText } from "./search-text";

/** The English readings of a query, as parseSearchText hands its words over. */
const meaning = (query: string) => translateWords(parseSearchText(query).words);
const english = (query: string) => meaning(query).translations.map((translation) => translation.english);

describe("folding for matching", () => {
  it("folds case, accents, ß and ligatures of Latin letters", () => {
    expect(foldForMatching("Strände")).toBe("strande");
    expect(foldForMatching("Straße")).toBe("strasse");
    expect(foldForMatching("ŒUVRE ÉTÉ")).toBe("oeuvre ete");
    expect(foldForMatching("Estações")).toBe("estacoes");
  });
  it("keeps the sound marks of kana and widens half-width katakana", () => {
    expect(foldForMatching("ビーチ")).toBe("ビーチ");
    expect(foldForMatching("ﾋﾞｰﾁ")).toBe("ビーチ");
  });
});

describe("translating query words", () => {
  it("German: a compound as one entry, plurals with umlauts, case ignored", () => {
    expect(english("Sonnenuntergang")).toEqual([[["sunset"]]]);
    expect(english("Strände")).toEqual([[["beach"]]]);
    expect(english("Wäldern")).toEqual([[["forest"]]]);
  });

  it("French, Spanish and Portuguese: articles left out, plurals and accents folded", () => {
    expect(meaning("la plage")).toEqual({
      translations: [{ words: ["plage"], english: [["beach"]] }],
      plain: [],
    });
    expect(meaning("las playas")).toEqual({
      translations: [{ words: ["playas"], english: [["beach"]] }],
      plain: [],
    });
    expect(meaning("as praias")).toEqual({
      translations: [{ words: ["praias"], english: [["beach"]] }],
      plain: [],
    });
    expect(english("montanas")).toEqual([[["mountains"]]]);
    expect(english("estações")).toEqual([]); // not a vocabulary word: nothing made up
  });

  it("a phrase of the vocabulary is taken whole, the longest first", () => {
    expect(meaning("coucher de soleil")).toEqual({
      translations: [{ words: ["coucher", "de", "soleil"], english: [["sunset"]] }],
      plain: [],
    });
    expect(english("puesta de sol")).toEqual([[["sunset"]]]);
    expect(english("pôr do sol na praia")).toEqual([[["sunset"]], [["beach"]]]);
    expect(english("câmera lenta")).toEqual([[["slow motion"]]]);
  });

  it("Japanese: vocabulary forms found inside a word without spaces, in kana or kanji", () => {
    expect(english("ビーチ")).toEqual([[["beach"]]]);
    expect(english("浜辺")).toEqual([[["beach"]]]);
    expect(english("海辺")).toEqual([[["beach"]]]);
    expect(english("夕日のビーチ")).toEqual([[["sunset", "beach"]]]);
  });

  it("a word of several meanings gives each as a reading", () => {
    expect(english("Meer")).toEqual([[["ocean"], ["sea"]]]);
  });

  it("keeps words it does not know, and an English query's words, untranslated and in order", () => {
    expect(meaning("ocean sunset drone")).toEqual({ translations: [], plain: ["ocean", "sunset", "drone"] });
    expect(meaning("Strand yacht")).toEqual({
      translations: [{ words: ["strand"], english: [["beach"]] }],
      plain: ["yacht"],
    });
  });

  it("leaves a stop word of another language in an English query (no foreign word, nothing left out)", () => {
    expect(meaning("la skyline").plain).toEqual(["la", "skyline"]);
  });

  it("translates no English term of the vocabulary into another", () => {
    const englishTerms = new Set(
      TERM_LANGUAGES.flatMap((language) => Object.keys(LANGUAGE_TERMS[language].words)),
    );
    const changed = [...englishTerms].filter((term) => meaning(term).translations.length > 0);
    expect(changed).toEqual([]);
  });

  it("every language names the same English terms, niches and sub-niches", () => {
    const keys = (language: (typeof TERM_LANGUAGES)[number]) => {
      const terms = LANGUAGE_TERMS[language];
      return [Object.keys(terms.words), Object.keys(terms.niches), Object.keys(terms.subNiches)].map((list) =>
        list.sort(),
      );
    };
    for (const language of TERM_LANGUAGES) expect(keys(language), language).toEqual(keys("de"));
  });
});

describe("correcting against the vocabulary", () => {
  it("corrects a misspelt foreign word one edit away, swaps included", () => {
    expect(correctFromVocabulary("strnad")).toEqual({ form: "strand", english: [["beach"]] });
    expect(correctFromVocabulary("plgae")).toEqual({ form: "plage", english: [["beach"]] });
  });
  it("finds exactly the words oneEditVariants reaches", () => {
    for (const word of ["strand", "plage", "praia", "abc"]) {
      const variants = new Set(oneEditVariants(word));
      for (const other of [...variants].slice(0, 400)) expect(oneEditApart(word, other), other).toBe(true);
      for (const other of ["strnda", "plagee s", "xyzw", word, `${word}xy`])
        expect(oneEditApart(word, other), other).toBe(variants.has(other));
    }
  });
  it("leaves short words alone: three letters are one edit from too much", () => {
    expect(correctFromVocabulary("man")).toBeNull();
    expect(correctFromVocabulary("mer")).toBeNull();
  });
});
