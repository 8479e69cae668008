import { BASE_CURRENCY, type Currency } from "~/payments/currencies";
import { csvDocument } from "~/platform/text/csv";
import type { TaxPeriod } from "./tax-periods";
import {
  aggregateTaxReport,
  decimalAmount,
  ossSummary,
  percentOf,
  type TaxReport,
  taxReasonLabel,
} from "./tax-report";
import { listTaxDocuments } from "./tax-report.queries.server";

/*
 * The staff tax report and the OSS summary of a period (docs/decisions/0026): read from the
 * invoices and credit notes issued in it, shown in the console and downloaded as CSV.
 */

export async function taxReportFor(period: TaxPeriod) {
  const report = aggregateTaxReport(await listTaxDocuments(period.start, period.end));
  return { report, oss: ossSummary(report) };
}

export const TAX_REPORT_PARTS = ["report", "oss"] as const;
export type TaxReportPart = (typeof TAX_REPORT_PARTS)[number];

const REPORT_HEADER = [
  "Period",
  "Country",
  "Tax reason",
  "Rate %",
  "Currency",
  "Invoices",
  "Credit notes",
  "Net",
  "Tax",
  "Gross",
  "Net EUR",
  "Tax EUR",
  "Gross EUR",
];

interface Sums {
  invoices: number;
  creditNotes: number;
  netEuroCents: number;
  taxEuroCents: number;
  grossEuroCents: number;
}

/** A line's counts and amounts: in its currency (blank for the all-in-euros line), then in euros. */
function amountCells(
  sums: Sums,
  inCurrency: { currency: Currency; netCents: number; taxCents: number; grossCents: number } | null,
) {
  const eur = (cents: number) => decimalAmount(cents, BASE_CURRENCY);
  const own = inCurrency
    ? [inCurrency.netCents, inCurrency.taxCents, inCurrency.grossCents].map((cents) =>
        decimalAmount(cents, inCurrency.currency),
      )
    : ["", "", ""];
  return [
    sums.invoices,
    sums.creditNotes,
    ...own,
    eur(sums.netEuroCents),
    eur(sums.taxEuroCents),
    eur(sums.grossEuroCents),
  ];
}

function reportRows(period: TaxPeriod, report: TaxReport) {
  const rows = report.rows.map((row) => [
    period.key,
    row.country,
    taxReasonLabel(row.taxReason),
    percentOf(row.vatRateBps),
    row.currency,
    ...amountCells(row, row),
  ]);
  const totals = report.byCurrency.map((total) => [
    period.key,
    "Total",
    "",
    "",
    total.currency,
    ...amountCells(total, total),
  ]);
  const all = [period.key, "Total", "", "", "all in EUR", ...amountCells(report.euros, null)];
  return [...rows, ...totals, all];
}

const OSS_HEADER = [
  "Period",
  "Member state of consumption",
  "VAT rate %",
  "Taxable amount EUR",
  "VAT amount EUR",
];

/** The period's report or OSS summary as a CSV file. */
export async function taxReportCsv(period: TaxPeriod, part: TaxReportPart) {
  const { report, oss } = await taxReportFor(period);
  const eur = (cents: number) => decimalAmount(cents, BASE_CURRENCY);
  const body =
    part === "report"
      ? csvDocument(REPORT_HEADER, reportRows(period, report))
      : csvDocument(OSS_HEADER, [
          ...oss.lines.map((line) => [
            period.key,
            line.country,
            percentOf(line.vatRateBps),
            eur(line.taxableEuroCents),
            eur(line.vatEuroCents),
          ]),
          [period.key, "Total", "", eur(oss.taxableEuroCents), eur(oss.vatEuroCents)],
        ]);
  return {
    filename: `verdeo-${part === "report" ? "tax-report" : "oss"}-${period.key}.csv`,
    body,
  };
}
