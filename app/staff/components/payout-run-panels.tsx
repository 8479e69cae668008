import { Form } from "react-router";
import { buttonClass } from "~/components/button";
import { formatMoney } from "~/payments/money";
import {
  exclusionReasonText,
  PAYOUT_METHOD_LABELS,
  PAYOUT_RUN_TEXTS,
  PAYOUT_STATUS_LABELS,
  type payoutRunApprovalTexts,
  periodLabel,
} from "~/payouts/runs/payout-runs";
import type { PayoutRunView } from "~/payouts/runs/payout-runs.server";
import { REPORT_FIRST_YEAR } from "~/payouts/statements/seller-report";
import { PAYOUT_STATUS_TONES } from "../tones";
import { ConfirmLink } from "./confirm";
import { DataTable } from "./data-table";
import { SelectField, TextField } from "./fields";
import { formatDateTime, Panel, Pill, SubmitButton } from "./staff-ui";

/** The pieces of the payout runs' console pages: the two forms of the list, a run's panels and tables. */

export function ProposeRunForm({ defaultPeriod, max }: { defaultPeriod: string; max: string }) {
  return (
    <Panel title="Propose a run">
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="propose" />
        <TextField
          label="Month"
          name="period"
          type="month"
          min="2020-01"
          max={max}
          required
          defaultValue={defaultPeriod}
          hint="The job proposes last month's run on the 1st at 06:00 UTC; a month has one run."
          className="min-w-48 flex-1"
        />
        <SubmitButton>Propose run</SubmitButton>
      </Form>
    </Panel>
  );
}

export function SellerReportForm({
  years,
  operator,
}: {
  years: number[];
  operator: { name: string; office: string; tin: string | null };
}) {
  return (
    <Panel title="Annual seller report (DAC7)">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Each seller's identity, tax numbers and the account paid into, with the consideration, activities,
        fees and taxes withheld of each quarter. Details a seller has not given are named per seller under
        "Missing".
      </p>
      <dl
        className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
        aria-label="Platform operator"
      >
        <dt className="text-zinc-600 dark:text-zinc-400">Platform operator</dt>
        <dd>{operator.name}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Registered office</dt>
        <dd>{operator.office}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Operator TIN</dt>
        <dd>
          {operator.tin ?? (
            <span className="font-medium break-words text-red-700 [overflow-wrap:anywhere] dark:text-red-400">
              Missing: set PLATFORM_OPERATOR_TIN
            </span>
          )}
        </dd>
      </dl>
      <Form
        method="get"
        action="/staff/payouts/report"
        reloadDocument
        className="flex flex-wrap items-end gap-3"
      >
        <SelectField
          label="Year"
          name="year"
          options={years.map((year) => ({ value: String(year), label: String(year) }))}
          hint={`Creators credited in the year (${REPORT_FIRST_YEAR} onwards); a sale counts in the quarter it was credited (UTC).`}
          className="min-w-32"
        />
        <SelectField
          label="File"
          name="part"
          options={[
            { value: "sellers", label: "Sellers and amounts" },
            { value: "missing", label: "Paid creators with details missing" },
          ]}
          className="min-w-48 flex-1"
        />
        <button type="submit" className={buttonClass("secondary", "px-4 py-2")}>
          Download CSV
        </button>
      </Form>
    </Panel>
  );
}

type View = PayoutRunView;

const creatorCell = (creator: View["payouts"][number]["creator"]) => (
  <>
    <span className="font-medium">{creator.username ?? creator.id}</span>
    <span className="block break-all text-xs text-zinc-600 dark:text-zinc-400">{creator.email}</span>
  </>
);

export function RunSummary({ view, stripe }: { view: View; stripe: boolean }) {
  const { run, totals, approvedBy } = view;
  const rows: [string, string][] = [
    ["Creators in the run", String(run.payouts)],
    ["Total", formatMoney(run.totalCents)],
    // Without Stripe configured nothing goes by Stripe: the row would only say so.
    ...(stripe ? [["By Stripe", formatMoney(totals.stripeCents)] as [string, string]] : []),
    ["By bank transfer", formatMoney(totals.bankCents)],
    ["Sent so far", formatMoney(run.sentCents)],
    ["Excluded creators", `${run.excluded} (${formatMoney(totals.excludedCents)} carried)`],
    ["Threshold", formatMoney(run.thresholdCents)],
    ["Proposed (UTC)", formatDateTime(run.createdAt)],
    [
      "Approved (UTC)",
      run.approvedAt
        ? `${formatDateTime(run.approvedAt)}${approvedBy ? ` by ${approvedBy.email ?? approvedBy.username}` : ""}`
        : "Not yet",
    ],
    ["Completed (UTC)", run.completedAt ? formatDateTime(run.completedAt) : "Not yet"],
  ];
  return (
    <Panel title="Summary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

export function RunActions({
  view,
  bankProblems,
  texts,
}: {
  view: View;
  bankProblems: string[];
  texts: ReturnType<typeof payoutRunApprovalTexts>;
}) {
  const { run, totals } = view;
  const files = `/staff/payouts/${run.id}/files`;
  return (
    <Panel title="Actions">
      {run.status === "proposed" ? (
        <div className="space-y-2 text-sm">
          <p>{texts.actions}</p>
          <ConfirmLink intent="approve" target={run.id}>
            Approve run…
          </ConfirmLink>
        </div>
      ) : totals.bankToSend > 0 ? (
        <div className="space-y-3 text-sm">
          <p>
            {totals.bankToSend} bank {totals.bankToSend === 1 ? "payout waits" : "payouts wait"}: upload the
            SEPA file (or the CSV) to the bank, then mark them sent.
          </p>
          {bankProblems.length > 0 ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950/60 dark:text-red-200"
            >
              {PAYOUT_RUN_TEXTS.bankDetailsMissing} {bankProblems.join(", ")}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={`${files}/pain001`} className={buttonClass("secondary", "px-3 py-1.5")} download>
              SEPA file (pain.001)
            </a>
            <a href={`${files}/csv`} className={buttonClass("secondary", "px-3 py-1.5")} download>
              Bank CSV
            </a>
          </div>
          <ConfirmLink intent="mark-sent" target={run.id}>
            Mark bank payouts sent…
          </ConfirmLink>
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {run.status === "completed"
            ? `Every payout of ${periodLabel(run.period)} is sent.`
            : texts.nothingWaits}
        </p>
      )}
    </Panel>
  );
}

export function PayoutsTable({ view }: { view: View }) {
  return (
    <DataTable
      caption="Payouts of this run"
      rows={view.payouts}
      rowKey={(payout) => payout.id}
      empty="No creator is paid in this run."
      columns={[
        { header: "Creator", cell: (payout) => creatorCell(payout.creator), className: "min-w-48" },
        { header: "Method", cell: (payout) => PAYOUT_METHOD_LABELS[payout.method] },
        {
          header: "Amount",
          cell: (payout) =>
            `${formatMoney(payout.amountCents)} · ${payout.lines} ${payout.lines === 1 ? "line" : "lines"}`,
          className: "tabular-nums whitespace-nowrap",
        },
        {
          header: "Status",
          cell: (payout) => (
            <Pill tone={PAYOUT_STATUS_TONES[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</Pill>
          ),
          className: "whitespace-nowrap",
        },
        { header: "Attempts", cell: (payout) => payout.attempts, className: "tabular-nums" },
        {
          header: "Last error",
          cell: (payout) => payout.lastError ?? "—",
          className: "max-w-xs break-words text-xs",
        },
        {
          header: "Sent (UTC)",
          cell: (payout) => formatDateTime(payout.sentAt),
          className: "whitespace-nowrap",
        },
        {
          header: "Retry",
          cell: (payout) =>
            payout.method === "stripe" && payout.status === "failed" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="retry" />
                <SubmitButton
                  variant="secondary"
                  name="payoutId"
                  value={payout.id}
                  className="px-3 py-1 text-xs"
                >
                  Retry
                </SubmitButton>
              </Form>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}

export function ExclusionsTable({ view }: { view: View }) {
  return (
    <DataTable
      caption="Creators left out of this run"
      rows={view.exclusions}
      rowKey={(exclusion) => exclusion.creatorId}
      empty="Nobody with an available balance was left out."
      columns={[
        { header: "Creator", cell: (exclusion) => creatorCell(exclusion.creator), className: "min-w-48" },
        {
          header: "Available",
          cell: (exclusion) => formatMoney(exclusion.availableCents),
          className: "tabular-nums whitespace-nowrap",
        },
        {
          header: "Reason",
          cell: (exclusion) => exclusionReasonText(exclusion.reason, view.run.thresholdCents),
        },
      ]}
    />
  );
}
