import { randomBytes } from "node:crypto";
import { hashPassword } from "~/accounts/auth/password.server";
import { signInWithPassword } from "~/accounts/auth/sign-in.server";
import type { Role } from "~/accounts/people/roles";
import { account, profiles, user } from "~/accounts/schema.server";
import { db } from "~/platform/db/client.server";

export const TEST_PASSWORD = "test-password-123";
let cachedHash: Promise<string> | undefined;

/** A user with a password account and a profile, straight in the database. */
export async function createAccount(overrides: { username?: string; role?: Role; email?: string } = {}) {
  const id = `acct-${randomBytes(6).toString("hex")}`;
  const email = overrides.email ?? `${id}@example.test`;
  // One hash per test file: argon2id costs 19 MiB and tens of milliseconds.
  cachedHash ??= hashPassword(TEST_PASSWORD);
  await db().transaction(async (tx) => {
    await tx.insert(user).values({ id, name: "Test Person", email });
    await tx.insert(account).values({
      id: `${id}-credential`,
      accountId: id,
      providerId: "credential",
      userId: id,
      password: await cachedHash!,
    });
    await tx.insert(profiles).values({
      id,
      email,
      fullName: "Test Person",
      username: overrides.username ?? id.replace("-", "_"),
      role: overrides.role ?? "user",
    });
  });
  return { id, email, password: TEST_PASSWORD, username: overrides.username ?? id.replace("-", "_") };
}

/** A Cookie header holding a real better-auth session of the account. */
export async function sessionCookie(email: string, password = TEST_PASSWORD) {
  const result = await signInWithPassword({
    email,
    password,
    ip: `10.9.${randomIp()}`,
    headers: new Headers(),
  });
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
  return result.value.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function randomIp() {
  const bytes = randomBytes(2);
  return `${bytes[0]}.${bytes[1]}`;
}
