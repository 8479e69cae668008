import { randomInt } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { sanitizeUsername, usernameWithDigits } from "../auth/oauth-profile";
import { profiles } from "../schema.server";

export type Profile = typeof profiles.$inferSelect;

/** `executor`: a caller's transaction, so that a lookup inside it needs no second connection. */
export async function findProfile(id: string, executor: Executor = db()): Promise<Profile | null> {
  const rows = await executor.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return rows[0] ?? null;
}

/** True when another profile holds the username (the caller's own name does not count). */
export async function isUsernameTaken(username: string, exceptUserId?: string) {
  const lower = username.toLowerCase();
  const rows = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      exceptUserId
        ? and(eq(profiles.username, lower), ne(profiles.id, exceptUserId))
        : eq(profiles.username, lower),
    )
    .limit(1);
  return rows.length > 0;
}

/** PostgreSQL's unique_violation, whichever driver layer wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === "23505") return constraint ? candidate.constraint === constraint : true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Creates the profile of a user who signed in with Google or GitHub. The username
 * candidate is bent into the rules and gets digits appended while it is taken. Idempotent: an
 * existing profile is returned as is.
 */
export async function createOAuthProfile(input: {
  id: string;
  email: string;
  fullName: string;
  usernameCandidate: string | null;
  avatarUrl: string | null;
}): Promise<Profile> {
  const base = sanitizeUsername(input.usernameCandidate) ?? "user";
  for (let attempt = 0; attempt < 20; attempt++) {
    // The plain candidate first; then a few digits, more of them if collisions keep happening.
    const username =
      attempt === 0 && base !== "user"
        ? base
        : usernameWithDigits(base, String(randomInt(10, attempt < 10 ? 10_000 : 100_000_000)));
    try {
      const inserted = await db()
        .insert(profiles)
        .values({
          id: input.id,
          email: input.email,
          fullName: input.fullName.slice(0, 200),
          username,
          avatarUrl: input.avatarUrl,
          role: "user",
        })
        .onConflictDoNothing({ target: profiles.id })
        .returning();
      if (inserted[0]) return inserted[0];
      const existing = await findProfile(input.id);
      if (existing) return existing;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("No free username found for the new profile");
}

export async function updateProfile(id: string, changes: { username?: string; avatarUrl?: string | null }) {
  const rows = await db().update(profiles).set(changes).where(eq(profiles.id, id)).returning();
  return rows[0] ?? null;
}
