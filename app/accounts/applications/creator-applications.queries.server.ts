import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { creatorApplications, profiles } from "../schema.server";
import type { ApplicationStatus } from "./creator-application";

export type ApplicationRow = typeof creatorApplications.$inferSelect;

export async function insertApplication(
  row: typeof creatorApplications.$inferInsert,
  executor: Executor = db(),
) {
  const [inserted] = await executor.insert(creatorApplications).values(row).returning();
  return inserted!;
}

export async function findPendingApplicationOf(userId: string) {
  const rows = await db()
    .select()
    .from(creatorApplications)
    .where(and(eq(creatorApplications.userId, userId), eq(creatorApplications.status, "pending")))
    .limit(1);
  return rows[0] ?? null;
}

/** The latest application of a user, any status (what /creators-hub tells them). */
export async function findLatestApplicationOf(userId: string) {
  const rows = await db()
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.userId, userId))
    .orderBy(desc(creatorApplications.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the row for the deciding transaction: a second reviewer waits, then sees it decided. */
export async function lockApplication(tx: Executor, id: string) {
  const rows = await tx
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.id, id))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

export async function updateApplication(
  tx: Executor,
  id: string,
  values: Partial<typeof creatorApplications.$inferInsert>,
) {
  const [row] = await tx
    .update(creatorApplications)
    .set(values)
    .where(eq(creatorApplications.id, id))
    .returning();
  return row!;
}

export interface ApplicationFilter {
  status?: ApplicationStatus;
  q?: string;
  sort: "oldest" | "newest";
  page: number;
}

const applicantColumns = {
  application: creatorApplications,
  email: profiles.email,
  username: profiles.username,
  fullName: profiles.fullName,
  role: profiles.role,
};

export async function listApplications(filter: ApplicationFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(creatorApplications.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(ilike(profiles.email, pattern), ilike(profiles.username, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db()
      .select(applicantColumns)
      .from(creatorApplications)
      .innerJoin(profiles, eq(profiles.id, creatorApplications.userId))
      .where(where)
      .orderBy(
        filter.sort === "oldest" ? asc(creatorApplications.createdAt) : desc(creatorApplications.createdAt),
        asc(creatorApplications.id),
      )
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db()
      .select({ value: count() })
      .from(creatorApplications)
      .innerJoin(profiles, eq(profiles.id, creatorApplications.userId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0, page: filter.page, pageSize: PAGE_SIZE } satisfies Page<
    (typeof rows)[number]
  >;
}

export async function countPendingApplications() {
  const [row] = await db()
    .select({ value: count() })
    .from(creatorApplications)
    .where(eq(creatorApplications.status, "pending"));
  return row?.value ?? 0;
}
