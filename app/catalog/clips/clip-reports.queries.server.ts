import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { db, type Executor } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { clipReports, clips } from "../schema.server";
import type { ReportStatus } from "./clip-report";

export type ClipReportRow = typeof clipReports.$inferSelect;

export async function insertClipReport(row: typeof clipReports.$inferInsert) {
  const [inserted] = await db().insert(clipReports).values(row).returning();
  return inserted!;
}

export interface ReportFilter {
  status?: ReportStatus;
  q?: string;
  sort: "newest" | "oldest";
  page: number;
}

export async function listClipReports(filter: ReportFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(clipReports.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(ilike(clips.title, pattern), ilike(clipReports.details, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        report: clipReports,
        clipTitle: clips.title,
        clipStatus: clips.status,
        reporterUsername: profiles.username,
        reporterEmail: profiles.email,
      })
      .from(clipReports)
      .innerJoin(clips, eq(clips.id, clipReports.clipId))
      .leftJoin(profiles, eq(profiles.id, clipReports.reporterId))
      .where(where)
      .orderBy(filter.sort === "oldest" ? asc(clipReports.id) : desc(clipReports.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db()
      .select({ value: count() })
      .from(clipReports)
      .innerJoin(clips, eq(clips.id, clipReports.clipId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0, page: filter.page, pageSize: PAGE_SIZE } satisfies Page<
    (typeof rows)[number]
  >;
}

export async function lockClipReport(tx: Executor, id: number) {
  const rows = await tx.select().from(clipReports).where(eq(clipReports.id, id)).for("update").limit(1);
  return rows[0] ?? null;
}

export async function updateClipReport(
  tx: Executor,
  id: number,
  values: Pick<typeof clipReports.$inferInsert, "status" | "resolvedBy" | "resolvedAt">,
) {
  await tx.update(clipReports).set(values).where(eq(clipReports.id, id));
}

export async function countOpenClipReports() {
  const [row] = await db().select({ value: count() }).from(clipReports).where(eq(clipReports.status, "open"));
  return row?.value ?? 0;
}

export async function listClipReportsOfClip(clipId: number) {
  return db()
    .select()
    .from(clipReports)
    .where(eq(clipReports.clipId, clipId))
    .orderBy(desc(clipReports.id))
    .limit(50);
}
