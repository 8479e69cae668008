import type { Mood } from "~/catalog/clips/attributes";
import { clipKeywordSuggestions } from "~/media/analysis/clip-analysis.server";
import type { KeywordSuggestion } from "~/media/analysis/suggestions";
import { parseTags } from "./clip-details-schema";
import { selectSuggestionAcceptance, upsertSuggestionDecisions } from "./keyword-suggestions.queries.server";

export const SUGGESTION_MESSAGES = {
  notOffered: "That keyword was not suggested for this clip. Reload the page to see its suggestions.",
};

/** The keywords suggested for a clip that are not among its tags yet (the form offers those). */
export async function offeredSuggestions(clipId: number, tags: string[]) {
  const { state, suggestions, mood } = await clipKeywordSuggestions(clipId);
  const have = new Set(tags.map((tag) => tag.toLowerCase()));
  return { state, suggestions: suggestions.filter((s) => !have.has(s.keyword)), mood };
}

/**
 * The tags field with the suggestions the creator ticked added to it, or the refusal when one of
 * them is not a suggestion for this clip (a tampered form). The server's own list is the truth.
 */
export async function withAcceptedSuggestions(
  clipId: number,
  tags: string,
  ticked: string[],
): Promise<
  | { ok: true; tags: string; offered: { suggestions: KeywordSuggestion[]; mood: Mood | null } }
  | { ok: false; message: string }
> {
  const { suggestions, mood } = await clipKeywordSuggestions(clipId);
  const keywords = new Set(suggestions.map((s) => s.keyword));
  if (ticked.some((keyword) => !keywords.has(keyword)))
    return { ok: false, message: SUGGESTION_MESSAGES.notOffered };
  const merged = [tags, ...ticked].filter((part) => part.trim()).join(", ");
  return { ok: true, tags: merged, offered: { suggestions, mood } };
}

/**
 * After a save: each suggested keyword counts as accepted when it is among the saved tags, the
 * suggested mood when it is the saved mood (recorded as the keyword "mood:<mood>").
 */
export async function recordSuggestionDecisions(
  clipId: number,
  offered: { suggestions: KeywordSuggestion[]; mood: Mood | null },
  saved: { tags: string[]; mood: Mood },
) {
  const tags = new Set(parseTags(saved.tags.join(",")));
  await upsertSuggestionDecisions(clipId, [
    ...offered.suggestions.map((suggestion) => ({ ...suggestion, accepted: tags.has(suggestion.keyword) })),
    ...(offered.mood
      ? [{ kind: "mood" as const, keyword: `mood:${offered.mood}`, accepted: saved.mood === offered.mood }]
      : []),
  ]);
}

/** The share of suggestions kept, per kind (colour, motion, time, mood). */
export async function suggestionAcceptance() {
  const rows = await selectSuggestionAcceptance();
  return rows.map((row) => ({ ...row, share: row.offered > 0 ? row.accepted / row.offered : 0 }));
}
