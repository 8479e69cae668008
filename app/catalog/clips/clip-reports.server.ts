import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { fail, ok, type Result } from "~/platform/result";
import { findClip } from "./catalog.server";
import type { ClipReport, ReportStatus } from "./clip-report";
import { insertClipReport, lockClipReport, updateClipReport } from "./clip-reports.queries.server";

export type ReportClipResult = Result<null, "not_found">;

/**
 * "Report this clip" from the clip page, signed in or not, with a report already checked against
 * `ClipReportSchema` (the route applies the report rate limit). Only published clips can be reported.
 */
export async function reportClip(input: {
  clipId: number;
  reporterId: string | null;
  report: ClipReport;
}): Promise<ReportClipResult> {
  if (!(await findClip(input.clipId))) return fail("not_found");
  await insertClipReport({
    clipId: input.clipId,
    reporterId: input.reporterId,
    reason: input.report.reason,
    details: input.report.details,
  });
  return ok(null);
}

export type ResolveReportResult = { ok: true; changed: boolean } | { ok: false; reason: "not_found" };

/** Staff settle a report (resolved: acted on; dismissed: nothing wrong) or reopen it. */
export async function setClipReportStatus(input: {
  reportId: number;
  status: ReportStatus;
  actorId: string;
}): Promise<ResolveReportResult> {
  return db().transaction(async (tx) => {
    const report = await lockClipReport(tx, input.reportId);
    if (!report) return { ok: false, reason: "not_found" } as const;
    if (report.status === input.status) return { ok: true, changed: false } as const;
    const settled = input.status !== "open";
    await updateClipReport(tx, report.id, {
      status: input.status,
      resolvedBy: settled ? input.actorId : null,
      resolvedAt: settled ? new Date() : null,
    });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "clip_report.set_status",
      targetType: "clip_report",
      targetId: report.id,
      before: { status: report.status },
      after: { status: input.status, clipId: report.clipId },
    });
    return { ok: true, changed: true } as const;
  });
}

/** The staff report list and the overview's count, as stored. */
export { countOpenClipReports, listClipReports, type ReportFilter } from "./clip-reports.queries.server";
