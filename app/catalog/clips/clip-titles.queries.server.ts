import { inArray } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { clips } from "../schema.server";

/** Titles of these clips, in any status (missing ones are simply absent). */
export async function findClipTitlesByIds(ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db()
    .select({ id: clips.id, title: clips.title })
    .from(clips)
    .where(inArray(clips.id, [...ids]));
}
