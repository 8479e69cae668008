import { z } from "zod";
import { SEARCH_QUERY_MAX } from "~/constants";
import { COLOR_TONES, DURATIONS, LICENSES, MOODS, ORIENTATIONS } from "./attributes";
import type { ExploreQuery } from "./explore-url";

/**
 * The explore page's state as it lives in the URL (q, niche, sub, license, duration, orientation,
 * tone, mood, page). Anything malformed falls back to its default instead of failing the page.
 * Server-only, so Zod stays out of the browser; the type and URL writing are in explore-url.ts.
 */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(["all", ...values] as [string, ...string[]]).catch("all") as unknown as z.ZodType<"all" | T[number]>;

export const ExploreQuerySchema = z.object({
  // Longer input is cut, not refused: a pasted paragraph still searches its first words.
  q: z
    .string()
    .catch("")
    .transform((value) => value.trim().slice(0, SEARCH_QUERY_MAX).trim()),
  niche: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/)
    .nullable()
    .catch(null),
  sub: z.string().trim().min(1).max(60).nullable().catch(null),
  license: choice(LICENSES),
  duration: choice(DURATIONS),
  orientation: choice(ORIENTATIONS),
  tone: choice(COLOR_TONES),
  mood: choice(MOODS),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type { ExploreQuery } from "./explore-url";

export function parseExploreQuery(params: URLSearchParams): ExploreQuery {
  const query: ExploreQuery = ExploreQuerySchema.parse({
    q: params.get("q") ?? "",
    niche: params.get("niche"),
    sub: params.get("sub"),
    license: params.get("license") ?? "all",
    duration: params.get("duration") ?? "all",
    orientation: params.get("orientation") ?? "all",
    tone: params.get("tone") ?? "all",
    mood: params.get("mood") ?? "all",
    page: params.get("page") ?? 1,
  });
  // A sub-niche only means something inside its niche.
  return query.niche ? query : { ...query, sub: null };
}
