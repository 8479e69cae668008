import { and, eq, gt, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { creatorFollows } from "../schema.server";

export async function insertFollow(followerId: string, creatorId: string) {
  await db().insert(creatorFollows).values({ followerId, creatorId }).onConflictDoNothing();
}

export async function deleteFollow(followerId: string, creatorId: string) {
  await db()
    .delete(creatorFollows)
    .where(and(eq(creatorFollows.followerId, followerId), eq(creatorFollows.creatorId, creatorId)));
}

/** The creator's follower count, and whether `viewerId` is one of them. */
export async function followStateOf(creatorId: string, viewerId: string | null) {
  const [row] = await db()
    .select({
      followers: sql<number>`count(*)::int`,
      following: sql<boolean>`coalesce(bool_or(${creatorFollows.followerId} = ${viewerId}), false)`,
    })
    .from(creatorFollows)
    .where(eq(creatorFollows.creatorId, creatorId));
  return { followers: row?.followers ?? 0, following: row?.following ?? false };
}

/**
 * One page of a creator's followers in id order, after `after` (a keyset: every page costs the same
 * however many came before; the index is on creator and follower).
 */
export async function listFollowerIdsAfter(
  executor: Executor,
  creatorId: string,
  after: string | null,
  limit: number,
) {
  const ofCreator = eq(creatorFollows.creatorId, creatorId);
  const rows = await executor
    .select({ id: creatorFollows.followerId })
    .from(creatorFollows)
    .where(after === null ? ofCreator : and(ofCreator, gt(creatorFollows.followerId, after)))
    .orderBy(creatorFollows.followerId)
    .limit(limit);
  return rows.map((row) => row.id);
}
