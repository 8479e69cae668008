import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import { clipRenditions } from "../schema.server";

export type ClipRenditionRow = typeof clipRenditions.$inferSelect;
export type NewClipRenditionRow = typeof clipRenditions.$inferInsert;

export function selectClipRenditions(executor: Executor, clipId: number) {
  return executor
    .select()
    .from(clipRenditions)
    .where(eq(clipRenditions.clipId, clipId))
    .orderBy(asc(clipRenditions.height), asc(clipRenditions.name));
}

export async function deleteClipRenditions(executor: Executor, clipId: number) {
  await executor.delete(clipRenditions).where(eq(clipRenditions.clipId, clipId));
}

export async function insertClipRenditions(executor: Executor, rows: NewClipRenditionRow[]) {
  if (rows.length > 0) await executor.insert(clipRenditions).values(rows);
}
