import { eq, lt } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { tusUploadMetadata } from "../schema.server";

export type TusUploadMetadataRow = typeof tusUploadMetadata.$inferInsert;

export async function selectTusUploadMetadata(id: string) {
  const [row] = await db().select().from(tusUploadMetadata).where(eq(tusUploadMetadata.id, id)).limit(1);
  return row;
}

/** Records (or replaces: a length declared later, the bucket's copy read again) an upload's metadata. */
export async function upsertTusUploadMetadata(row: TusUploadMetadataRow) {
  const { id: _id, createdAt: _createdAt, ...changed } = row;
  await db()
    .insert(tusUploadMetadata)
    .values(row)
    .onConflictDoUpdate({ target: tusUploadMetadata.id, set: changed });
}

export async function deleteTusUploadMetadata(id: string) {
  await db().delete(tusUploadMetadata).where(eq(tusUploadMetadata.id, id));
}

export async function listTusUploadIds() {
  const rows = await db().select({ id: tusUploadMetadata.id }).from(tusUploadMetadata);
  return rows.map((row) => row.id);
}

/** Records of uploads begun before `before`: past their expiry, whatever became of them. */
export async function deleteTusUploadMetadataCreatedBefore(before: Date) {
  const rows = await db()
    .delete(tusUploadMetadata)
    .where(lt(tusUploadMetadata.createdAt, before))
    .returning({ id: tusUploadMetadata.id });
  return rows.length;
}
