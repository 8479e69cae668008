import { CURRENCY } from "~/constants";

const formatter = new Intl.NumberFormat("en-IE", { style: "currency", currency: CURRENCY });

/** Cents as the buyer reads them, e.g. 4900 → "€49.00". */
export function formatMoney(cents: number): string {
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
