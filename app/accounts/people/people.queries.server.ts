import { eq, inArray, or } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { profiles } from "../schema.server";

/** Email and username of each of these accounts (missing ones are simply absent). */
export async function findPeopleByIds(ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db()
    .select({ id: profiles.id, email: profiles.email, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
}

/** The account whose email or username is exactly this (case-insensitive), or null. */
export async function findPersonIdByEmailOrUsername(text: string) {
  const value = text.trim().toLowerCase();
  const rows = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(or(eq(profiles.email, value), eq(profiles.username, value)))
    .limit(1);
  return rows[0]?.id ?? null;
}
