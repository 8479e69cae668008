/**
 * Which embedded font family prints a character. PDFKit has no font fallback of its own, so text is
 * cut into runs by script and each run is drawn with the family that has its glyphs.
 */
export type Family = "latin" | "arabic" | "hebrew" | "cjk" | "chinese" | "korean" | "thai" | "devanagari";

const SCRIPT_FAMILIES: [RegExp, Family][] = [
  // The Arabic block's punctuation (، ؛ ؟) and the tatweel are script Common, but only the Arabic font has them.
  [/[\p{Script=Arabic}\u0600-\u06ff]/u, "arabic"],
  [/\p{Script=Hebrew}/u, "hebrew"],
  [/\p{Script=Hangul}/u, "korean"],
  [/\p{Script=Thai}/u, "thai"],
  // The danda (।) is shared by the Indic scripts (Common) and missing from Noto Sans.
  [/[\p{Script=Devanagari}\u0964\u0965]/u, "devanagari"],
  [
    // The katakana middle dot and long-vowel mark (・ ー) are script Common: only the CJK font has them.
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\u30fb\u30fc\uff00-\uffef]/u,
    "cjk",
  ],
];

/**
 * The family of one character, or null for a character that belongs to the run it stands in: ASCII
 * spaces, digits and punctuation (every family has them) and combining marks (they go with their base).
 */
export function familyOf(char: string): Family | null {
  const codePoint = char.codePointAt(0)!;
  if (
    codePoint <= 0x40 ||
    (codePoint >= 0x5b && codePoint <= 0x60) ||
    (codePoint >= 0x7b && codePoint <= 0x7f)
  ) {
    return null;
  }
  if (/\p{Script=Inherited}/u.test(char)) return null;
  for (const [pattern, family] of SCRIPT_FAMILIES) if (pattern.test(char)) return family;
  return "latin";
}

const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const SPECIFIC_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/**
 * Whether fontkit (PDFKit's shaper) will reverse the glyphs of this string: it takes the script of
 * the first character that has a specific one, and draws Arabic and Hebrew right to left.
 */
export function fontkitReverses(text: string): boolean {
  const first = text.match(SPECIFIC_SCRIPT)?.[0];
  return first !== undefined && RIGHT_TO_LEFT_SCRIPT.test(first);
}
