import { and, asc, count, eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { clipReleases } from "../schema.server";

export type ClipReleaseRow = typeof clipReleases.$inferSelect;

export function selectClipReleases(clipId: number) {
  return db()
    .select()
    .from(clipReleases)
    .where(eq(clipReleases.clipId, clipId))
    .orderBy(asc(clipReleases.id));
}

/** The releases of several clips (the review queue), as the rule needs them. */
export function selectReleaseCovers(clipIds: number[]) {
  if (clipIds.length === 0) return Promise.resolve([]);
  return db()
    .select({ clipId: clipReleases.clipId, kind: clipReleases.kind, personCount: clipReleases.personCount })
    .from(clipReleases)
    .where(inArray(clipReleases.clipId, clipIds));
}

export async function countClipReleases(clipId: number) {
  const [row] = await db().select({ n: count() }).from(clipReleases).where(eq(clipReleases.clipId, clipId));
  return row?.n ?? 0;
}

export async function insertClipRelease(values: typeof clipReleases.$inferInsert) {
  const [row] = await db().insert(clipReleases).values(values).returning();
  return row;
}

export function selectClipRelease(clipId: number, releaseId: number) {
  return db()
    .select()
    .from(clipReleases)
    .where(and(eq(clipReleases.clipId, clipId), eq(clipReleases.id, releaseId)))
    .then((rows) => rows[0]);
}

export async function deleteClipRelease(clipId: number, releaseId: number) {
  const rows = await db()
    .delete(clipReleases)
    .where(and(eq(clipReleases.clipId, clipId), eq(clipReleases.id, releaseId)))
    .returning({ storageKey: clipReleases.storageKey });
  return rows[0];
}
