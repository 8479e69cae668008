import { sql } from "drizzle-orm";
import type { KeywordSuggestion } from "~/media/analysis/suggestions";
import { db } from "~/platform/db/client.server";
import { clipSuggestionDecisions } from "../schema.server";

/** Records, as of this save, which suggested keywords the creator kept (replacing an earlier save's). */
export async function upsertSuggestionDecisions(
  clipId: number,
  decisions: (KeywordSuggestion & { accepted: boolean })[],
) {
  if (decisions.length === 0) return;
  await db()
    .insert(clipSuggestionDecisions)
    .values(decisions.map(({ kind, keyword, accepted }) => ({ clipId, kind, keyword, accepted })))
    .onConflictDoUpdate({
      target: [clipSuggestionDecisions.clipId, clipSuggestionDecisions.keyword],
      set: { accepted: sql`excluded.accepted`, kind: sql`excluded.kind`, decidedAt: sql`now()` },
    });
}

/** Per kind of suggestion: how many were offered and how many kept. */
export async function selectSuggestionAcceptance() {
  const rows = await db()
    .select({
      kind: clipSuggestionDecisions.kind,
      offered: sql<number>`count(*)::int`,
      accepted: sql<number>`count(*) filter (where ${clipSuggestionDecisions.accepted})::int`,
    })
    .from(clipSuggestionDecisions)
    .groupBy(clipSuggestionDecisions.kind)
    .orderBy(clipSuggestionDecisions.kind);
  return rows;
}
