import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

// Case, look-alike digits and symbols and long repeated runs are the transformers' job (SPEC §5).
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Single characters separated by dots, underscores, hyphens or spaces: `f.u.c.k`, `f_u_c_k`. */
const SPELLED_OUT = /(?<![^._\-\s])(?:[^._\-\s][._\-\s]+){2,}[^._\-\s](?![^._\-\s])/g;

/**
 * True when the text holds a profane word or slur, also when spelled out with separators. Only runs
 * of single letters are joined, so ordinary words that meet at a separator ("class.act") stay clean.
 */
export function containsProfanity(value: string) {
  if (matcher.hasMatch(value)) return true;
  for (const run of value.match(SPELLED_OUT) ?? []) {
    if (matcher.hasMatch(run.replace(/[._\-\s]+/g, ""))) return true;
  }
  return false;
}
