import type { Currency } from "~/payments/currencies";
import { formatMoney, formatRate } from "~/payments/money";
import { type TaxReason, taxLineLabel } from "~/payments/tax";

/**
 * Money in the page's language, with the page's tag first (as components hold it).
 * English keeps the shared formatters' output ("€49.00"); another language formats with its own tag
 * ("49,00 €").
 */
export function moneyIn(tag: string, cents: number, currency?: Currency): string {
  return formatMoney(cents, tag === "en" ? undefined : tag, currency);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A tax rate in a document's language: English keeps formatRate's "19%", German writes "19 %". */
export function rateIn(tag: string, bps: number): string {
  if (tag === "en") return formatRate(bps);
  let format = percentFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 3 });
    percentFormats.set(tag, format);
  }
  return format.format(bps / 10_000);
}

/**
 * The tax line's name (taxLineLabel) in a document's language: "VAT" and "consumption tax" as the
 * caller's catalogue says them; the names of Canada's, Australia's or India's taxes (GST, HST, QST)
 * stay as those countries write them.
 */
export function taxNameIn(
  names: { vat: string; consumptionTax: string },
  order: { taxReason: TaxReason; country: string; taxSubdivision?: string | null },
): string {
  const english = taxLineLabel(order.taxReason, order.country, order.taxSubdivision);
  if (english === "VAT") return names.vat;
  if (english === "consumption tax") return names.consumptionTax;
  return english;
}
