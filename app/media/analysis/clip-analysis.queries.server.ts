import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { clips } from "~/catalog/schema.server";
import { db } from "~/platform/db/client.server";
import { clipAnalysis } from "../schema.server";
import type { ClipAnalysisResult } from "./clip-analysis";

/** Records an analysis (or its failure), replacing what an earlier run wrote. */
export async function upsertClipAnalysis(
  clipId: number,
  analyserVersion: number,
  outcome: { result: ClipAnalysisResult } | { error: string },
) {
  const values = {
    analyserVersion,
    result: "result" in outcome ? outcome.result : null,
    error: "error" in outcome ? outcome.error.slice(0, 2000) : null,
    computedAt: new Date(),
  };
  await db()
    .insert(clipAnalysis)
    .values({ clipId, ...values })
    .onConflictDoUpdate({ target: clipAnalysis.clipId, set: values });
}

export async function selectClipAnalysis(clipId: number) {
  const [row] = await db().select().from(clipAnalysis).where(eq(clipAnalysis.clipId, clipId));
  return row;
}

/**
 * Processed clips with no analysis, one written by an older analyser version, or a failure recorded
 * before `failedBefore` (a failure is tried again later, not only by the job's own retries); a
 * result whose models failed (people, objects or adult null) counts as a failure.
 */
export async function selectClipsToAnalyse(currentVersion: number, limit: number, failedBefore: Date) {
  const rows = await db()
    .select({ id: clips.id })
    .from(clips)
    .leftJoin(clipAnalysis, eq(clipAnalysis.clipId, clips.id))
    .where(
      and(
        isNotNull(clips.originalKey),
        notInArray(clips.status, ["processing", "failed"]),
        or(
          isNull(clipAnalysis.clipId),
          lt(clipAnalysis.analyserVersion, currentVersion),
          // A result kept from before the models (the demo seed's cache) and put back as current.
          sql`(${clipAnalysis.result} is not null and ${clipAnalysis.result} -> 'people' is null)`,
          and(isNotNull(clipAnalysis.error), lt(clipAnalysis.computedAt, failedBefore)),
          and(
            sql`(${clipAnalysis.result} @> '{"people":null}' or ${clipAnalysis.result} @> '{"objects":null}' or ${clipAnalysis.result} @> '{"adult":null}')`,
            lt(clipAnalysis.computedAt, failedBefore),
          ),
        ),
      ),
    )
    .orderBy(clips.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The people the analysis saw in each of `clipIds` (absent: not analysed, or before people were looked for). */
export async function selectSeenPeople(clipIds: number[]) {
  if (clipIds.length === 0) return [];
  return db()
    .select({ clipId: clipAnalysis.clipId, result: clipAnalysis.result })
    .from(clipAnalysis)
    .where(inArray(clipAnalysis.clipId, clipIds))
    .then((rows) => rows.map((row) => ({ clipId: row.clipId, people: row.result?.people ?? null })));
}
