import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/platform/db/client.server";
import { clips, collectionItems, collections } from "../schema.server";
import type { CollectionVisibility } from "./collection-rules";

export interface CollectionRow {
  id: string;
  userId: string;
  name: string;
  visibility: CollectionVisibility;
  shareToken: string;
  clips: number;
}

const rowColumns = {
  id: collections.id,
  userId: collections.userId,
  name: collections.name,
  visibility: collections.visibility,
  shareToken: collections.shareToken,
};

export async function listUserCollections(userId: string): Promise<CollectionRow[]> {
  return db()
    .select({ ...rowColumns, clips: count(collectionItems.clipId) })
    .from(collections)
    .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
    .where(eq(collections.userId, userId))
    .groupBy(collections.id)
    .orderBy(desc(collections.updatedAt));
}

const collectionsMarkingQuery = preparedQuery((database) =>
  database
    .select({
      ...rowColumns,
      clips: count(collectionItems.clipId),
      hasClip: sql<boolean>`coalesce(bool_or(${collectionItems.clipId} = ${sql.placeholder("clipId")}), false)`,
    })
    .from(collections)
    .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
    .where(eq(collections.userId, sql.placeholder("userId")))
    .groupBy(collections.id)
    .orderBy(desc(collections.updatedAt))
    .prepare("collections_marking_clip"),
);

/** The user's collections as `listUserCollections` gives them, each saying whether it holds the clip. */
export async function listCollectionsForClip(
  userId: string,
  clipId: number,
): Promise<(CollectionRow & { hasClip: boolean })[]> {
  return collectionsMarkingQuery().execute({ userId, clipId });
}

export async function countUserCollections(userId: string) {
  const [row] = await db().select({ n: count() }).from(collections).where(eq(collections.userId, userId));
  return row?.n ?? 0;
}

export async function findCollectionByToken(token: string) {
  const [row] = await db()
    .select(rowColumns)
    .from(collections)
    .where(eq(collections.shareToken, token))
    .limit(1);
  return row;
}

export async function findOwnCollection(userId: string, id: string) {
  const [row] = await db()
    .select(rowColumns)
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts a collection; undefined when the user already has one of that name. */
export async function insertCollection(userId: string, name: string, shareToken: string) {
  const [row] = await db()
    .insert(collections)
    .values({ userId, name, shareToken })
    .onConflictDoNothing()
    .returning(rowColumns);
  return row;
}

export async function updateCollection(
  id: string,
  values: Partial<{ name: string; visibility: CollectionVisibility; shareToken: string }>,
) {
  const rows = await db()
    .update(collections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(collections.id, id))
    .returning({ id: collections.id });
  return rows.length > 0;
}

export async function deleteCollection(id: string) {
  await db().delete(collections).where(eq(collections.id, id));
}

export async function collectionClipIds(id: string): Promise<number[]> {
  const rows = await db()
    .select({ clipId: collectionItems.clipId })
    .from(collectionItems)
    .innerJoin(clips, eq(clips.id, collectionItems.clipId))
    .where(and(eq(collectionItems.collectionId, id), eq(clips.status, "published")))
    .orderBy(asc(collectionItems.position), asc(collectionItems.addedAt));
  return rows.map((row) => row.clipId);
}

/** Adds a clip at the end (adding it again keeps its place); false when the collection is full. */
export async function insertCollectionItem(id: string, clipId: number, max: number) {
  return db().transaction(async (tx) => {
    // One writer per collection at a time, so positions and the size limit hold under double clicks.
    await tx.execute(sql`select 1 from collections where id = ${id} for update`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, id));
    if (n >= max) return false;
    await tx
      .insert(collectionItems)
      .values({
        collectionId: id,
        clipId: clipId,
        position: sql`(select coalesce(max(position), 0) + 1 from collection_items where collection_id = ${id})`,
      })
      .onConflictDoNothing();
    await tx.update(collections).set({ updatedAt: sql`now()` }).where(eq(collections.id, id));
    return true;
  });
}

export async function deleteCollectionItem(id: string, clipId: number) {
  await db()
    .delete(collectionItems)
    .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.clipId, clipId)));
}

/** Moves a clip one place up or down by swapping positions with its neighbour. */
export async function moveCollectionItem(id: string, clipId: number, direction: "up" | "down") {
  await db().transaction(async (tx) => {
    await tx.execute(sql`select 1 from collections where id = ${id} for update`);
    const ids = (
      await tx
        .select({ clipId: collectionItems.clipId, position: collectionItems.position })
        .from(collectionItems)
        .where(eq(collectionItems.collectionId, id))
        .orderBy(asc(collectionItems.position), asc(collectionItems.addedAt))
    ).map((row) => row.clipId);
    const index = ids.indexOf(clipId);
    const other = index + (direction === "up" ? -1 : 1);
    if (index < 0 || other < 0 || other >= ids.length) return;
    [ids[index], ids[other]] = [ids[other], ids[index]];
    for (const [position, itemId] of ids.entries())
      await tx
        .update(collectionItems)
        .set({ position: position + 1 })
        .where(and(eq(collectionItems.collectionId, id), eq(collectionItems.clipId, itemId)));
  });
}
