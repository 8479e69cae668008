/** The niche (and sub-niche) a "Niches" search means. Safe for the browser. */

export interface NicheNames {
  id: string;
  name: string;
  subNiches: string[];
}

export interface NicheMatch {
  niche: string;
  sub: string | null;
}

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The niche whose name, or one of whose sub-niches' names, best fits the text: an exact name first,
 * then a name that contains the text, niches before sub-niches, in display order.
 * Null when nothing fits.
 */
export function matchNiche(niches: NicheNames[], text: string): NicheMatch | null {
  const wanted = normal(text);
  if (!wanted) return null;
  const fits = [
    (name: string) => normal(name) === wanted,
    // Only a name that holds the text: "spaceships" holds "spa" but names no niche.
    (name: string) => normal(name).includes(wanted),
  ];
  for (const fit of fits) {
    const niche = niches.find((item) => fit(item.name));
    if (niche) return { niche: niche.id, sub: null };
    for (const item of niches) {
      const sub = item.subNiches.find(fit);
      if (sub) return { niche: item.id, sub };
    }
  }
  return null;
}
