import { and, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { studioUploads } from "../schema.server";

export async function selectUpload(id: string) {
  const [row] = await db().select().from(studioUploads).where(eq(studioUploads.id, id)).limit(1);
  return row;
}

/** The creator's upload started with `uploadKey` (an expired one no longer counts). */
export async function selectUploadByKey(creatorId: string, uploadKey: string, executor: Executor = db()) {
  const [row] = await executor
    .select()
    .from(studioUploads)
    .where(
      and(
        eq(studioUploads.creatorId, creatorId),
        eq(studioUploads.uploadKey, uploadKey),
        isNotNull(studioUploads.uploadKey),
        ne(studioUploads.state, "expired"),
      ),
    )
    .limit(1);
  return row;
}

/** Serialises upload starts of one creator, so the in-progress limit holds under parallel starts. */
export async function lockCreatorUploads(tx: Executor, creatorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`studio-upload:${creatorId}`}))`);
}

export async function countUploadsInProgress(tx: Executor, creatorId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(studioUploads)
    .where(and(eq(studioUploads.creatorId, creatorId), eq(studioUploads.state, "uploading")));
  return row?.count ?? 0;
}

export async function insertUpload(tx: Executor, row: typeof studioUploads.$inferInsert) {
  await tx.insert(studioUploads).values(row);
}

export async function markUploadCompleted(tx: Executor, id: string, clipId: number) {
  await tx
    .update(studioUploads)
    .set({ state: "completed", clipId, completedAt: new Date() })
    .where(and(eq(studioUploads.id, id), eq(studioUploads.state, "uploading")));
}

export async function deleteUpload(id: string) {
  await db().delete(studioUploads).where(eq(studioUploads.id, id));
}

/** Unfinished uploads started before `before`, now marked expired (their ids returned). */
export async function expireUploadsStartedBefore(before: Date) {
  return db()
    .update(studioUploads)
    .set({ state: "expired" })
    .where(and(eq(studioUploads.state, "uploading"), lt(studioUploads.createdAt, before)))
    .returning({ id: studioUploads.id });
}
