import { CURRENCIES, type Currency, type EurRate, minorUnitDigits, toEuroCents } from "~/payments/currencies";
import { TAX_REASON_LABELS } from "~/payments/tax";

/**
 * The staff tax report's arithmetic (docs/decisions/0026): the period's invoices minus its credit
 * notes, per country, tax reason, rate and currency, in the documents' currency and in euros.
 * Pure: the query reads the documents, this sums them, the page and the CSV show the result.
 *
 * Euros are converted per document with its order's stored rate (toEuroCents), gross and tax each;
 * the net in euros is their difference, so net + tax = gross holds in euros as in the currency, and
 * the euro totals equal the sum of the documents' own euro values.
 */

/** One invoice or credit note of the period, as the report needs it. */
export interface TaxDocument {
  kind: "invoice" | "credit_note";
  country: string;
  /** The order's tax reason (tax.ts): grouped as stored, whatever reasons exist. */
  taxReason: string;
  vatRateBps: number;
  currency: Currency;
  eurRate: EurRate;
  /** VAT included, and the VAT in it, in the currency's minor units (positive for both kinds). */
  grossCents: number;
  taxCents: number;
}

export interface TaxAmounts {
  invoices: number;
  creditNotes: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
  netEuroCents: number;
  taxEuroCents: number;
  grossEuroCents: number;
}

export interface TaxReportRow extends TaxAmounts {
  country: string;
  taxReason: string;
  vatRateBps: number;
  currency: Currency;
}

export interface TaxReport {
  rows: TaxReportRow[];
  /** Per currency present, in CURRENCIES order (amounts of different currencies are never summed). */
  byCurrency: ({ currency: Currency } & TaxAmounts)[];
  /** Every document in euros (the *Cents fields are euro cents here too). */
  euros: TaxAmounts;
}

const emptyAmounts = (): TaxAmounts => ({
  invoices: 0,
  creditNotes: 0,
  netCents: 0,
  taxCents: 0,
  grossCents: 0,
  netEuroCents: 0,
  taxEuroCents: 0,
  grossEuroCents: 0,
});

/** A document's signed amounts: an invoice adds, a credit note takes away. */
function signedAmounts(doc: TaxDocument) {
  const sign = doc.kind === "invoice" ? 1 : -1;
  const grossEuro = toEuroCents(doc.grossCents, doc.currency, doc.eurRate);
  const taxEuro = toEuroCents(doc.taxCents, doc.currency, doc.eurRate);
  return {
    gross: sign * doc.grossCents,
    tax: sign * doc.taxCents,
    grossEuro: sign * grossEuro,
    taxEuro: sign * taxEuro,
  };
}

function add(into: TaxAmounts, doc: TaxDocument) {
  const amounts = signedAmounts(doc);
  if (doc.kind === "invoice") into.invoices += 1;
  else into.creditNotes += 1;
  into.grossCents += amounts.gross;
  into.taxCents += amounts.tax;
  into.netCents = into.grossCents - into.taxCents;
  into.grossEuroCents += amounts.grossEuro;
  into.taxEuroCents += amounts.taxEuro;
  into.netEuroCents = into.grossEuroCents - into.taxEuroCents;
}

const byRowKey = (a: TaxReportRow, b: TaxReportRow) =>
  a.country.localeCompare(b.country) ||
  a.taxReason.localeCompare(b.taxReason) ||
  b.vatRateBps - a.vatRateBps ||
  CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency);

export function aggregateTaxReport(documents: Iterable<TaxDocument>): TaxReport {
  const rows = new Map<string, TaxReportRow>();
  const currencies = new Map<Currency, TaxAmounts>();
  const euros = emptyAmounts();
  for (const doc of documents) {
    const key = `${doc.country}|${doc.taxReason}|${doc.vatRateBps}|${doc.currency}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        country: doc.country,
        taxReason: doc.taxReason,
        vatRateBps: doc.vatRateBps,
        currency: doc.currency,
        ...emptyAmounts(),
      };
      rows.set(key, row);
    }
    add(row, doc);
    const total = currencies.get(doc.currency) ?? emptyAmounts();
    currencies.set(doc.currency, total);
    add(total, doc);
    add(euros, doc);
  }
  return {
    rows: [...rows.values()].sort(byRowKey),
    byCurrency: CURRENCIES.filter((currency) => currencies.has(currency)).map((currency) => ({
      currency,
      ...currencies.get(currency)!,
    })),
    euros: {
      ...euros,
      netCents: euros.netEuroCents,
      taxCents: euros.taxEuroCents,
      grossCents: euros.grossEuroCents,
    },
  };
}

/** The reason the EU's One-Stop Shop return declares: consumers taxed at their member state's rate. */
export const OSS_TAX_REASON = "eu_consumer";

/** One line of the OSS return: a member state of consumption and a rate, in euros. */
export interface OssLine {
  country: string;
  vatRateBps: number;
  taxableEuroCents: number;
  vatEuroCents: number;
}

/**
 * The OSS (union scheme) summary: the report's EU consumer rows, every currency together in euros,
 * per member state of consumption and rate. Credit notes of the quarter reduce it (a correction of
 * an earlier quarter's return is declared there by the accountant: the report says so).
 */
export function ossSummary(report: TaxReport): {
  lines: OssLine[];
  taxableEuroCents: number;
  vatEuroCents: number;
} {
  const lines = new Map<string, OssLine>();
  for (const row of report.rows) {
    if (row.taxReason !== OSS_TAX_REASON) continue;
    const key = `${row.country}|${row.vatRateBps}`;
    let line = lines.get(key);
    if (!line) {
      line = { country: row.country, vatRateBps: row.vatRateBps, taxableEuroCents: 0, vatEuroCents: 0 };
      lines.set(key, line);
    }
    line.taxableEuroCents += row.netEuroCents;
    line.vatEuroCents += row.taxEuroCents;
  }
  const sorted = [...lines.values()].sort(
    (a, b) => a.country.localeCompare(b.country) || b.vatRateBps - a.vatRateBps,
  );
  return {
    lines: sorted,
    taxableEuroCents: sorted.reduce((sum, line) => sum + line.taxableEuroCents, 0),
    vatEuroCents: sorted.reduce((sum, line) => sum + line.vatEuroCents, 0),
  };
}

/** Minor units as a plain decimal for a spreadsheet: "1234.50", "-12.00", whole yen "7865". */
export function decimalAmount(minor: number, currency: Currency): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, "0")}`;
}

/** A rate in basis points as the CSV writes it: "19", "8.1", "25.5". */
export const percentOf = (bps: number) => String(Number((bps / 100).toFixed(2)));

/** A reason as the report names it; a reason this build has no label for shows as stored. */
export const taxReasonLabel = (reason: string) =>
  (TAX_REASON_LABELS as Record<string, string>)[reason] ?? reason;
