/** One language range of an Accept-Language header, with its weight. */
export interface AcceptedLanguage {
  /** As sent, lower-cased: `de-ch`, `pt-br`, `*`. */
  tag: string;
  q: number;
}

/**
 * The languages a browser asks for, most wanted first (RFC 9110 §12.5.4). Bounded: a header of any
 * length costs the same, and weights outside 0–1 or unreadable count as refusals.
 */
export function acceptedLanguages(header: string | null | undefined): AcceptedLanguage[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(",", 20)
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), q: weight >= 0 && weight <= 1 ? weight : 0 };
    })
    .filter((entry) => /^(?:[a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
}
