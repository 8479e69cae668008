import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { apiKeys } from "../schema.server";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListing = Omit<ApiKeyRow, "secretHash" | "userId">;

const listing = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export async function insertApiKey(values: {
  userId: string;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: string[];
}): Promise<ApiKeyListing> {
  const [row] = await db().insert(apiKeys).values(values).returning(listing);
  return row!;
}

export async function countActiveApiKeys(userId: string): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.count ?? 0;
}

/** The owner's keys, newest first, revoked ones included (they stay listed as revoked). */
export async function listApiKeysOf(userId: string): Promise<ApiKeyListing[]> {
  return db()
    .select(listing)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the owner's active keys; false when there is none such. */
export async function revokeApiKeyOf(userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db()
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The keys whose secrets hash to `secretHashes` (unknown ones are absent). */
export async function findApiKeysByHashes(secretHashes: readonly string[]) {
  if (secretHashes.length === 0) return [];
  return db()
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      userId: apiKeys.userId,
      secretHash: apiKeys.secretHash,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(inArray(apiKeys.secretHash, [...secretHashes]));
}

/**
 * Last use to the minute, for many keys in one statement: a busy key writes once a minute, not
 * once a request (rows noted less than a minute before are skipped).
 */
export async function touchApiKeys(ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db()
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        inArray(apiKeys.id, [...ids]),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${now.toISOString()}::timestamptz - interval '1 minute')`,
      ),
    );
}
