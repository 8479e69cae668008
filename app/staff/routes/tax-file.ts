import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { parseTaxPeriod, TAX_PERIOD_MESSAGE } from "~/commerce/billing/tax-periods";
import { TAX_REPORT_PARTS, taxReportCsv } from "~/commerce/billing/tax-report.server";
import { csvResponse } from "~/platform/text/csv";
import { searchParamsOf } from "../list-query";
import type { Route } from "./+types/tax-file";

const PART_MESSAGE =
  "Choose the file: part=report (the tax report) or part=oss (the OSS summary, quarters only).";

/** The tax report or the OSS summary of a period as a CSV download: `?period=2026-Q3&part=oss`. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  const params = searchParamsOf(request);
  const period = parseTaxPeriod(params.period, new Date());
  if (!period) return text(TAX_PERIOD_MESSAGE, 400);
  const part = z.enum(TAX_REPORT_PARTS).safeParse(params.part ?? "report");
  if (!part.success || (part.data === "oss" && period.kind !== "quarter")) return text(PART_MESSAGE, 400);
  const file = await taxReportCsv(period, part.data);
  return csvResponse(file.body, file.filename);
}

function text(message: string, status: number) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
