import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { findClip } from "./catalog.server";
import { ClipReportSchema, type ReportStatus } from "./clip-report";
import { insertClipReport, lockClipReport, updateClipReport } from "./clip-reports.queries.server";

export type ReportClipResult =
  | { ok: true }
  | { ok: false; reason: "not_found" | "rate_limited" }
  | { ok: false; reason: "invalid"; message: string };

/** "Report this clip" from the clip page, signed in or not. Only published clips can be reported. */
export async function reportClip(input: {
  clipId: number;
  reporterId: string | null;
  form: Record<string, unknown>;
  clientIp: string;
}): Promise<ReportClipResult> {
  const parsed = ClipReportSchema.safeParse(input.form);
  if (!parsed.success) {
    return { ok: false, reason: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid report." };
  }
  if (!(await findClip(input.clipId))) return { ok: false, reason: "not_found" };
  const subjects = input.reporterId ? { ip: input.clientIp, user: input.reporterId } : { ip: input.clientIp };
  if (!(await enforceRateLimit("report", subjects)).allowed) {
    return { ok: false, reason: "rate_limited" };
  }
  await insertClipReport({
    postId: input.clipId,
    reporterId: input.reporterId,
    reason: parsed.data.reason,
    details: parsed.data.details,
  });
  return { ok: true };
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
      after: { status: input.status, clipId: report.postId },
    });
    return { ok: true, changed: true } as const;
  });
}
