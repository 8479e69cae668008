import { data, Form } from "react-router";
import { requirePermission } from "~/accounts/routes/permissions.server";
import {
  currentQuarter,
  parseTaxPeriod,
  recentTaxPeriods,
  TAX_PERIOD_MESSAGE,
  type TaxPeriod,
} from "~/commerce/billing/tax-periods";
import {
  type OssLine,
  type TaxAmounts,
  type TaxReportRow,
  taxReasonLabel,
} from "~/commerce/billing/tax-report";
import { taxReportFor } from "~/commerce/billing/tax-report.server";
import { buttonClass } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { countryName } from "~/payments/countries";
import type { Currency } from "~/payments/currencies";
import { formatMoney, formatRate } from "~/payments/money";
import { type Column, DataTable } from "../components/data-table";
import { ErrorNote, fieldClass, labelClass, Panel, StaffPageHeader } from "../components/staff-ui";
import { searchParamsOf } from "../list-query";
import type { Route } from "./+types/tax";

export const meta = () =>
  pageMeta("Tax report · Staff", "VAT per period, country and currency, and the OSS summary.");

export const TAX_REPORT_TEXTS = {
  title: "Tax report",
  description:
    "Invoices issued in the period minus credit notes issued in it, per country, tax reason and rate, in each currency and in euros at each order's stored rate.",
  ossMonthly: "The One-Stop Shop return is quarterly: choose a quarter to see its summary.",
  ossNote:
    "EU consumers taxed at their member state's rate (the union scheme), every currency in euros at each order's rate. Credit notes of the quarter reduce it; a correction of an earlier quarter belongs to that quarter's return.",
} as const;

/** The period in the URL (`?period=2026-Q3` or `2026-07`), the current quarter when none is given. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  const now = new Date();
  const asked = searchParamsOf(request).period;
  const period = asked === undefined ? currentQuarter(now) : parseTaxPeriod(asked, now);
  const choices = recentTaxPeriods(now);
  if (!period)
    return data({ period: null, choices, result: null, error: TAX_PERIOD_MESSAGE }, { status: 400 });
  return { period, choices, result: await taxReportFor(period), error: null };
}

const money = (cents: number, currency: Currency) => formatMoney(cents, "en-IE", currency);
const euros = (cents: number) => formatMoney(cents, "en-IE", "EUR");
const numeric = "text-right tabular-nums whitespace-nowrap";

const documents = (row: TaxAmounts) => `${row.invoices} / ${row.creditNotes}`;

/** A line's counts and amounts, in its currency and in euros: the same for country rows and totals. */
function amountColumns<T extends TaxAmounts & { currency: Currency }>(): Column<T>[] {
  return [
    { header: "Invoices / credit notes", cell: documents, className: numeric },
    { header: "Net", cell: (row) => money(row.netCents, row.currency), className: numeric },
    { header: "Tax", cell: (row) => money(row.taxCents, row.currency), className: numeric },
    { header: "Gross", cell: (row) => money(row.grossCents, row.currency), className: numeric },
    { header: "Net in EUR", cell: (row) => euros(row.netEuroCents), className: numeric },
    { header: "Tax in EUR", cell: (row) => euros(row.taxEuroCents), className: numeric },
    { header: "Gross in EUR", cell: (row) => euros(row.grossEuroCents), className: numeric },
  ];
}

const ROW_COLUMNS: Column<TaxReportRow>[] = [
  {
    header: "Country",
    cell: (row) => (
      <abbr title={countryName(row.country)} className="no-underline">
        {row.country}
      </abbr>
    ),
  },
  { header: "Tax reason", cell: (row) => taxReasonLabel(row.taxReason) },
  { header: "Rate", cell: (row) => formatRate(row.vatRateBps), className: numeric },
  { header: "Currency", cell: (row) => row.currency },
  ...amountColumns<TaxReportRow>(),
];

type Total = TaxAmounts & { label: string; currency: Currency };

const TOTAL_COLUMNS: Column<Total>[] = [
  { header: "Currency", cell: (row) => row.label },
  ...amountColumns<Total>(),
];

const OSS_COLUMNS: Column<OssLine>[] = [
  { header: "Member state of consumption", cell: (line) => `${countryName(line.country)} (${line.country})` },
  { header: "VAT rate", cell: (line) => formatRate(line.vatRateBps), className: numeric },
  { header: "Taxable amount in EUR", cell: (line) => euros(line.taxableEuroCents), className: numeric },
  { header: "VAT in EUR", cell: (line) => euros(line.vatEuroCents), className: numeric },
];

function PeriodForm({
  choices,
  current,
}: {
  choices: { quarters: TaxPeriod[]; months: TaxPeriod[] };
  current?: string;
}) {
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
      <div className="min-w-64">
        <label htmlFor="tax-period" className={labelClass}>
          Period
        </label>
        <select id="tax-period" name="period" defaultValue={current} className={`mt-1 ${fieldClass}`}>
          <optgroup label="Quarters">
            {choices.quarters.map((period) => (
              <option key={period.key} value={period.key}>
                {period.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Months">
            {choices.months.map((period) => (
              <option key={period.key} value={period.key}>
                {period.label}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary", "px-4 py-2")}>
        Show
      </button>
    </Form>
  );
}

function DownloadLink({
  period,
  part,
  children,
}: {
  period: string;
  part: "report" | "oss";
  children: string;
}) {
  return (
    <a
      href={`/staff/tax/file?period=${period}&part=${part}`}
      download
      className={buttonClass("secondary", "px-4 py-2")}
    >
      {children}
    </a>
  );
}

export default function TaxReportPage({ loaderData }: Route.ComponentProps) {
  const { period, choices, result, error } = loaderData;
  return (
    <main>
      <StaffPageHeader title={TAX_REPORT_TEXTS.title} description={TAX_REPORT_TEXTS.description} />
      <PeriodForm choices={choices} current={period?.key} />
      <ErrorNote message={error} />
      {period && result ? (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">{period.label}</h2>
            <div className="flex flex-wrap gap-2">
              <DownloadLink period={period.key} part="report">
                Download the report (CSV)
              </DownloadLink>
              {period.kind === "quarter" ? (
                <DownloadLink period={period.key} part="oss">
                  Download the OSS summary (CSV)
                </DownloadLink>
              ) : null}
            </div>
          </div>
          <Panel title="Totals">
            <DataTable
              caption={`Totals per currency, ${period.label}`}
              columns={TOTAL_COLUMNS}
              wide
              rows={[
                ...result.report.byCurrency.map((total) => ({ ...total, label: total.currency })),
                ...(result.report.byCurrency.length > 1
                  ? [{ ...result.report.euros, label: "All, in EUR", currency: "EUR" as const }]
                  : []),
              ]}
              rowKey={(row) => row.label}
              empty="No invoices or credit notes were issued in this period."
            />
          </Panel>
          <section aria-labelledby="tax-rows-title">
            <h2 id="tax-rows-title" className="mb-2 font-semibold">
              Per country, reason and rate
            </h2>
            <DataTable
              caption={`Tax per country, reason, rate and currency, ${period.label}`}
              columns={ROW_COLUMNS}
              wide
              rows={result.report.rows}
              rowKey={(row) => `${row.country}-${row.taxReason}-${row.vatRateBps}-${row.currency}`}
              empty="No invoices or credit notes were issued in this period."
            />
          </section>
          <Panel title="OSS summary (EU consumers)">
            {period.kind === "quarter" ? (
              <>
                <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">{TAX_REPORT_TEXTS.ossNote}</p>
                <DataTable
                  caption={`OSS summary, ${period.label}`}
                  columns={OSS_COLUMNS}
                  rows={result.oss.lines}
                  rowKey={(line) => `${line.country}-${line.vatRateBps}`}
                  empty="No sales to EU consumers taxed at their country's rate in this quarter."
                />
                {result.oss.lines.length > 0 ? (
                  <p className="mt-3 text-sm font-semibold">
                    Total: taxable {euros(result.oss.taxableEuroCents)}, VAT {euros(result.oss.vatEuroCents)}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{TAX_REPORT_TEXTS.ossMonthly}</p>
            )}
          </Panel>
        </div>
      ) : null}
    </main>
  );
}
