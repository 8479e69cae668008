import { and, eq, gt } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { account, profiles, user, verification } from "../schema.server";

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

/**
 * A new email-and-password account in one transaction: the auth user, its credential and its
 * profile. A unique violation (username or email taken) undoes all three.
 */
export async function insertPasswordAccount(input: {
  userId: string;
  accountId: string;
  email: string;
  fullName: string;
  username: string;
  passwordHash: string;
  language: string | null;
}) {
  await db().transaction(async (tx) => {
    await tx.insert(user).values({ id: input.userId, name: input.fullName, email: input.email });
    await tx.insert(account).values({
      id: input.accountId,
      accountId: input.userId,
      providerId: "credential",
      userId: input.userId,
      password: input.passwordHash,
    });
    await tx.insert(profiles).values({
      id: input.userId,
      email: input.email,
      fullName: input.fullName,
      username: input.username,
      role: "user",
      language: input.language,
    });
  });
}

/** The auth library's user row (name, email, image as the provider gave them). */
export async function findAuthUser(userId: string) {
  const [row] = await db().select().from(user).where(eq(user.id, userId)).limit(1);
  return row ?? null;
}

/** True while a verification token (e.g. `reset-password:<token>`) is stored and unexpired. */
export async function isVerificationLive(identifier: string) {
  const rows = await db()
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}
