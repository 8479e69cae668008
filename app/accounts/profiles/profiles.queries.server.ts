import { and, eq, inArray, ne } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { profiles } from "../schema.server";

export type Profile = typeof profiles.$inferSelect;
type NewProfile = typeof profiles.$inferInsert;

/** `executor`: a caller's transaction, so that a lookup inside it needs no second connection. */
export async function findProfile(id: string, executor: Executor = db()): Promise<Profile | null> {
  const rows = await executor.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Whether each of `ids` may act (not suspended), with the name and address others see: many at once. */
export async function findProfileStandings(ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db()
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      suspendedAt: profiles.suspendedAt,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
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

/** Inserts a profile unless one exists for the id: the new row, or null when it existed. */
export async function insertProfileOnce(values: NewProfile): Promise<Profile | null> {
  const inserted = await db()
    .insert(profiles)
    .values(values)
    .onConflictDoNothing({ target: profiles.id })
    .returning();
  return inserted[0] ?? null;
}

export async function updateProfile(id: string, changes: { username?: string; avatarUrl?: string | null }) {
  const rows = await db().update(profiles).set(changes).where(eq(profiles.id, id)).returning();
  return rows[0] ?? null;
}

export async function saveThemePreference(userId: string, theme: Profile["themePreference"]) {
  await db().update(profiles).set({ themePreference: theme }).where(eq(profiles.id, userId));
}

export async function saveLanguage(userId: string, language: Profile["language"]) {
  await db().update(profiles).set({ language }).where(eq(profiles.id, userId));
}

export async function findLanguage(userId: string): Promise<string | null> {
  const rows = await db()
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0]?.language ?? null;
}

export async function findLanguageByEmail(email: string): Promise<string | null> {
  const rows = await db()
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.email, email.toLowerCase()))
    .limit(1);
  return rows[0]?.language ?? null;
}
