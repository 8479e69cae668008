import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import unhomoglyph from "unhomoglyph";

// Case, look-alike digits and symbols and long repeated runs are the transformers' job.
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Single characters separated by dots, underscores, hyphens or spaces: `f.u.c.k`, `f_u_c_k`. */
const SPELLED_OUT = /(?<![^._\-\s])(?:[^._\-\s][._\-\s]+){2,}[^._\-\s](?![^._\-\s])/g;

const NON_ASCII = /[\u0080-\u{10ffff}]/gu;

/**
 * The text with look-alike letters from other scripts replaced by the Latin ones they imitate
 * (Unicode's confusables table: Greek ι → i, Cyrillic с → c), after NFKC has turned fullwidth and
 * styled letters into plain ones. ASCII stays as typed: the table would also turn `I` into `l` and
 * `0` into `O`, which the matcher's own leetspeak rules already read better.
 */
export function foldConfusables(value: string) {
  return value.normalize("NFKC").replace(NON_ASCII, (char) => unhomoglyph(char));
}

/**
 * True when the text holds a profane word or slur, also when spelled out with separators or with
 * look-alike letters. Only runs of single letters are joined, so ordinary words that meet at a
 * separator ("class.act") stay clean.
 */
export function containsProfanity(value: string) {
  const folded = foldConfusables(value);
  if (matcher.hasMatch(value) || matcher.hasMatch(folded)) return true;
  for (const run of folded.match(SPELLED_OUT) ?? []) {
    if (matcher.hasMatch(run.replace(/[._\-\s]+/g, ""))) return true;
  }
  return false;
}
