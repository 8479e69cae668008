import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { announcePersonalChange } from "~/platform/http/personal-changes.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { profiles, session, user } from "../schema.server";
import type { Role } from "./roles";

/** Locks a profile for a staff change (role, suspension) so two staff changes apply one after the other. */
export async function lockProfile(tx: Executor, id: string) {
  const rows = await tx.select().from(profiles).where(eq(profiles.id, id)).for("update").limit(1);
  return rows[0] ?? null;
}

export async function updateProfileRole(tx: Executor, id: string, role: Role) {
  await tx.update(profiles).set({ role }).where(eq(profiles.id, id));
  await announcePersonalChange(id, tx);
}

export async function updateProfileSuspension(tx: Executor, id: string, suspendedAt: Date | null) {
  await tx.update(profiles).set({ suspendedAt }).where(eq(profiles.id, id));
  await announcePersonalChange(id, tx);
}

/** Ends every session of the user: the next request from any of their browsers is signed out. */
export async function deleteSessionsOf(tx: Executor, userId: string) {
  const deleted = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  await announcePersonalChange(userId, tx);
  return deleted.length;
}

/** The id of the account with this email (stored lowercased), or null. */
export async function findUserIdByEmail(email: string) {
  const rows = await db()
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function isSuspended(userId: string) {
  const rows = await db()
    .select({ suspendedAt: profiles.suspendedAt })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0]?.suspendedAt != null;
}

export const USER_SORTS = ["newest", "oldest", "email", "username"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserFilter {
  q?: string;
  role?: Role;
  state?: "active" | "suspended";
  sort: UserSort;
  page: number;
}

export async function listUsers(filter: UserFilter) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(ilike(profiles.email, pattern), ilike(profiles.username, pattern))!);
  }
  if (filter.role) conditions.push(eq(profiles.role, filter.role));
  if (filter.state === "suspended") conditions.push(isNotNull(profiles.suspendedAt));
  if (filter.state === "active") conditions.push(isNull(profiles.suspendedAt));
  const where = and(...conditions);
  const order = {
    newest: [desc(profiles.createdAt), asc(profiles.id)],
    oldest: [asc(profiles.createdAt), asc(profiles.id)],
    email: [asc(profiles.email), asc(profiles.id)],
    username: [asc(profiles.username), asc(profiles.id)],
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(profiles)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db().select({ value: count() }).from(profiles).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page: filter.page, pageSize: PAGE_SIZE } satisfies Page<
    (typeof rows)[number]
  >;
}
