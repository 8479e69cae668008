import { CURRENCY } from "~/constants";

const formatters = new Map<string, Intl.NumberFormat>();
const DEFAULT_LOCALE = "en-IE";

/**
 * Cents as the buyer reads them: "€49.00" by default, or in a buyer's locale ("49,00 €" for
 * de-DE). An unknown or malformed locale falls back to the default.
 */
export function formatMoney(cents: number, locale: string = DEFAULT_LOCALE): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: "currency", currency: CURRENCY });
    } catch {
      formatter = new Intl.NumberFormat(DEFAULT_LOCALE, { style: "currency", currency: CURRENCY });
    }
    if (formatters.size < 200) formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}

/** Basis points as a percentage label, e.g. 1900 → "19%". */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A downloads count as shown on plans: 0 reads "Unlimited". */
export function formatDownloads(downloads: number): string {
  if (downloads === 0) return "Unlimited";
  return `${downloads} ${downloads === 1 ? "download" : "downloads"}`;
}
