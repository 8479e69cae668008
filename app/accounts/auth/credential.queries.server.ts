import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { account } from "../schema.server";

const credentialOf = (userId: string) =>
  and(eq(account.userId, userId), eq(account.providerId, "credential"));

/** The stored password hash of a user's email-and-password account, or null. */
export async function findPasswordHash(userId: string): Promise<string | null> {
  const [row] = await db().select({ password: account.password }).from(account).where(credentialOf(userId));
  return row?.password ?? null;
}

/** Replaces the hash only if it is still `previous`, so a password changed meanwhile is kept. */
export async function replacePasswordHash(userId: string, previous: string, next: string) {
  await db()
    .update(account)
    .set({ password: next, updatedAt: new Date() })
    .where(and(credentialOf(userId), eq(account.password, previous)));
}
