import { clipKeywordSuggestions } from "~/media/analysis/clip-analysis.server";
import type { KeywordSuggestion } from "~/media/analysis/suggestions";
import { parseTags } from "./clip-details-schema";
import { selectSuggestionAcceptance, upsertSuggestionDecisions } from "./keyword-suggestions.queries.server";

export const SUGGESTION_MESSAGES = {
  notOffered: "That keyword was not suggested for this clip. Reload the page to see its suggestions.",
};

/** The keywords suggested for a clip that are not among its tags yet (the form offers those). */
export async function offeredSuggestions(clipId: number, tags: string[]) {
  const { state, suggestions } = await clipKeywordSuggestions(clipId);
  const have = new Set(tags.map((tag) => tag.toLowerCase()));
  return { state, suggestions: suggestions.filter((s) => !have.has(s.keyword)) };
}

/**
 * The tags field with the suggestions the creator ticked added to it, or the refusal when one of
 * them is not a suggestion for this clip (a tampered form). The server's own list is the truth.
 */
export async function withAcceptedSuggestions(
  clipId: number,
  tags: string,
  ticked: string[],
): Promise<{ ok: true; tags: string; offered: KeywordSuggestion[] } | { ok: false; message: string }> {
  const { suggestions } = await clipKeywordSuggestions(clipId);
  const keywords = new Set(suggestions.map((s) => s.keyword));
  if (ticked.some((keyword) => !keywords.has(keyword)))
    return { ok: false, message: SUGGESTION_MESSAGES.notOffered };
  const merged = [tags, ...ticked].filter((part) => part.trim()).join(", ");
  return { ok: true, tags: merged, offered: suggestions };
}

/** After a save: each suggestion counts as accepted when its keyword is among the saved tags. */
export async function recordSuggestionDecisions(
  clipId: number,
  offered: KeywordSuggestion[],
  tags: string[],
) {
  const saved = new Set(parseTags(tags.join(",")));
  await upsertSuggestionDecisions(
    clipId,
    offered.map((suggestion) => ({ ...suggestion, accepted: saved.has(suggestion.keyword) })),
  );
}

/** The share of suggestions kept, per kind (colour, motion, time). */
export async function suggestionAcceptance() {
  const rows = await selectSuggestionAcceptance();
  return rows.map((row) => ({ ...row, share: row.offered > 0 ? row.accepted / row.offered : 0 }));
}
