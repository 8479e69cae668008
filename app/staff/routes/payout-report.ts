import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { REPORT_PARTS, reportYearSchema } from "~/payouts/statements/seller-report";
import { sellerReport } from "~/payouts/statements/seller-report.server";
import { csvResponse } from "~/platform/text/csv";
import { searchParamsOf } from "../list-query";
import type { Route } from "./+types/payout-report";

/** The annual seller report (DAC7) as a CSV download: `?year=2026`, `&part=missing` for the second file. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "staff:manage-payouts");
  const now = new Date();
  const params = searchParamsOf(request);
  const year = reportYearSchema(now).safeParse(params.year);
  if (!year.success) return text(year.error.issues[0]!.message, 400);
  const part = z.enum(REPORT_PARTS).catch("sellers").parse(params.part);
  const report = await sellerReport({ year: year.data, part, actor: { kind: "staff", userId: user.id } });
  return csvResponse(report.body, report.filename);
}

function text(message: string, status: number) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
