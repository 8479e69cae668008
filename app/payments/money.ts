import { BASE_CURRENCY, type Currency, minorUnitDigits } from "./currencies";

const formatters = new Map<string, Intl.NumberFormat>();
const DEFAULT_LOCALE = "en-IE";

/**
 * Minor units as the buyer reads them: "€49.00" by default, in a buyer's locale ("49,00 €" for
 * de-DE) and currency ("US$52.98", "¥7,865"). An unknown or malformed locale falls back to the
 * default.
 */
export function formatMoney(
  cents: number,
  locale: string = DEFAULT_LOCALE,
  currency: Currency = BASE_CURRENCY,
): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      formatter = new Intl.NumberFormat(DEFAULT_LOCALE, { style: "currency", currency });
    }
    if (formatters.size < 200) formatters.set(key, formatter);
  }
  return formatter.format(cents / 10 ** minorUnitDigits(currency));
}

/** Basis points as a percentage label, e.g. 1900 → "19%". */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(3))}%`;
}

/** A downloads count as shown on plans: 0 reads "Unlimited". */
export function formatDownloads(downloads: number): string {
  if (downloads === 0) return "Unlimited";
  return `${downloads} ${downloads === 1 ? "download" : "downloads"}`;
}
