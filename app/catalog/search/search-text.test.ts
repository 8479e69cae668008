import { describe, expect, it } from "vitest";
import { MAX_TERMS, oneEditVariants, parseSearchText, writeSearchText } from "./search-text";

describe("search text", () => {
  it("splits loose words, quoted phrases and excluded words", () => {
    expect(parseSearchText('ocean "golden hour" -night drone')).toEqual({
      words: ["ocean", "drone"],
      phrases: [["golden", "hour"]],
      excluded: ["night"],
    });
  });

  it("keeps letters and digits only, so no tsquery or SQL syntax gets through", () => {
    expect(parseSearchText("yacht & !sunset | 'x' :* <-> 4k").words).toEqual(["yacht", "sunset", "x", "4k"]);
  });

  it("treats a one-word quote as a word and an open quote as running to the end", () => {
    expect(parseSearchText('"yacht" "slow motion')).toEqual({
      words: ["yacht"],
      phrases: [["slow", "motion"]],
      excluded: [],
    });
  });

  it("ignores a lone dash and never excludes a word it also searches", () => {
    expect(parseSearchText("city - -city night")).toEqual({
      words: ["city", "night"],
      phrases: [],
      excluded: [],
    });
  });

  it("keeps at most MAX_TERMS terms", () => {
    const text = parseSearchText(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "));
    expect(text.words).toHaveLength(MAX_TERMS);
  });

  it("writes the text back with corrections", () => {
    const text = parseSearchText('oceam "blue sky" -rain');
    expect(writeSearchText(text, new Map([["oceam", "ocean"]]))).toBe('ocean "blue sky" -rain');
  });
});

describe("oneEditVariants", () => {
  it("counts two swapped neighbours as one edit (Damerau): ocaen is one edit from ocean", () => {
    expect(oneEditVariants("ocaen")).toContain("ocean");
  });
  it("holds the deletions, insertions and substitutions too, never the word itself", () => {
    const variants = oneEditVariants("yoga");
    expect(variants).toEqual(expect.arrayContaining(["yog", "yogas", "toga"]));
    expect(variants).not.toContain("yoga");
  });
  it("does not reach two edits", () => {
    expect(oneEditVariants("ocaen")).not.toContain("oceans");
  });
});
