import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { PAYOUT_RUN_TEXTS } from "~/payouts/runs/payout-runs";
import { bankFileOf } from "~/payouts/runs/payout-runs-bank.server";
import { csvResponse } from "~/platform/text/csv";
import type { Route } from "./+types/payout-run-file";
import { UuidSchema, urlParam } from "./action.server";

const KindSchema = z.enum(["pain001", "csv"]);

/** A run's bank file: the SEPA pain.001 to upload to the bank, or the same transfers as CSV. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, "staff:manage-payouts");
  const runId = urlParam(UuidSchema, params.runId);
  const kind = urlParam(KindSchema, params.kind);
  const result = await bankFileOf({ runId, kind, actor: { kind: "staff", userId: user.id } });
  if (!result.ok) {
    switch (result.reason) {
      case "not_found":
        return text("Not found", 404);
      case "not_approved":
        return text(PAYOUT_RUN_TEXTS.notApproved, 409);
      case "no_bank_payouts":
        return text(PAYOUT_RUN_TEXTS.noBankPayouts, 409);
      case "details_missing":
        return text(`${PAYOUT_RUN_TEXTS.bankDetailsMissing} ${result.creators.join(", ")}`, 409);
    }
  }
  if (kind === "csv") return csvResponse(result.value.body, result.value.filename);
  return new Response(result.value.body, {
    headers: {
      "Content-Type": result.value.contentType,
      "Content-Disposition": `attachment; filename="${result.value.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function text(message: string, status: number) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
