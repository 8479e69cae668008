import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import {
  PAYOUT_RUN_STATUS_LABELS,
  PAYOUT_RUN_TEXTS,
  PeriodSchema,
  periodLabel,
  previousPeriod,
} from "~/payouts/runs/payout-runs";
import { listPayoutRuns, PAYOUT_RUN_SORTS, proposeRun } from "~/payouts/runs/payout-runs.server";
import { PAYOUT_RUN_STATUSES } from "~/payouts/runs/payouts";
import { reportYears } from "~/payouts/statements/seller-report";
import { reportOperator } from "~/payouts/statements/seller-report.server";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { statusFilter } from "../components/columns";
import { StaffListPage } from "../components/list-page";
import { ProposeRunForm, SellerReportForm } from "../components/payout-run-panels";
import { ErrorNote } from "../components/staff-ui";
import { listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { PAYOUT_RUN_STATUS_TONES } from "../tones";
import type { Route } from "./+types/payouts";

export const meta = () =>
  pageMeta("Payouts · Staff", "Monthly creator payout runs and the annual seller report.");

const RunListSchema = listQuerySchema(
  { status: listFilter(PAYOUT_RUN_STATUSES) },
  { sorts: PAYOUT_RUN_SORTS, defaultSort: "newest" },
);

const SORTS = { newest: "Month, newest first", oldest: "Month, oldest first" };

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-payouts");
  const filter = RunListSchema.parse(searchParamsOf(request));
  const now = new Date();
  return {
    page: await listPayoutRuns(filter),
    filter,
    lastMonth: previousPeriod(now),
    years: reportYears(now),
    operator: reportOperator(),
  };
}

const ProposeSchema = z.object({ intent: z.literal("propose"), period: PeriodSchema });

/** Staff propose a month's run before the job on the 1st does (or again, to open the existing one). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "staff:manage-payouts");
  const parsed = parseFormData(await readForm(request), ProposeSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const result = await proposeRun(parsed.data.period, new Date(), { kind: "staff", userId: user.id });
  if (!result.ok)
    return replyWith(
      formReply(null, { fieldErrors: { period: PAYOUT_RUN_TEXTS.periodInFuture }, values: parsed.values }),
    );
  const { run, created } = result.value;
  return redirectWithToast(`/staff/payouts/${run.id}`, {
    message: created ? PAYOUT_RUN_TEXTS.proposed : PAYOUT_RUN_TEXTS.alreadyProposed,
    type: "success",
  });
}

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const { page, filter, lastMonth, years, operator } = loaderData;
  return (
    <StaffListPage
      title="Payouts"
      description="One run a month pays every creator whose details are complete and whose available balance reaches the threshold."
      notice={
        <>
          <ErrorNote message={actionData ? replyMessage(actionData) : null} />
          <div className="mb-4 grid gap-3 lg:grid-cols-2">
            <ProposeRunForm defaultPeriod={actionData?.values.period ?? lastMonth} max={lastMonth} />
            <SellerReportForm years={years} operator={operator} />
          </div>
        </>
      }
      selects={[statusFilter(filter.status, PAYOUT_RUN_STATUSES, PAYOUT_RUN_STATUS_LABELS)]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={page}
      caption="Payout runs"
      empty="No run yet: the first is proposed on the 1st of next month, or propose one above."
      rowKey={(run) => run.id}
      columns={(c) => [
        c.link(
          "Month",
          (run) => `/staff/payouts/${run.id}`,
          (run) => periodLabel(run.period),
          { sorts: { newest: "descending", oldest: "ascending" } },
        ),
        c.status((run) => run.status, PAYOUT_RUN_STATUS_TONES, PAYOUT_RUN_STATUS_LABELS),
        { header: "Creators", cell: (run) => run.payouts, className: "tabular-nums" },
        { header: "Total", cell: (run) => formatMoney(run.totalCents), className: "tabular-nums" },
        {
          header: "Sent",
          cell: (run) => `${formatMoney(run.sentCents)}${run.failed > 0 ? ` · ${run.failed} failed` : ""}`,
          className: "tabular-nums",
        },
        { header: "Excluded", cell: (run) => run.excluded, className: "tabular-nums" },
        c.time("Proposed", (run) => run.createdAt, {}),
      ]}
    />
  );
}
