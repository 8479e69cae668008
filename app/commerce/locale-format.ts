import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { formatDate } from "~/platform/text/dates";
import { formatFileSize } from "~/platform/text/file-size";

/**
 * Money and dates in the page's language. English keeps the shared formatters' output unchanged
 * ("€49.00", "23 November 2026"); another language formats with its own tag ("49,00 €", "23. November 2026").
 * The shared formatters in ~/payments/money and ~/platform/text take no page locale of their own.
 */
export function moneyIn(tag: string, cents: number, currency?: Currency): string {
  return formatMoney(cents, tag === "en" ? undefined : tag, currency);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

export function dateIn(tag: string, value: string | Date): string {
  if (tag === "en") return formatDate(value);
  let formatter = dateFormatters.get(tag);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(tag, {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
    } catch {
      return formatDate(value);
    }
    dateFormatters.set(tag, formatter);
  }
  return formatter.format(typeof value === "string" ? new Date(value) : value);
}

/** A file's size with the page's decimal separator (units as ~/platform/text/file-size counts them). */
export function fileSizeIn(tag: string, bytes: number): string {
  if (tag === "en") return formatFileSize(bytes);
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      value,
    );
  if (bytes >= 1e9) return `${number(bytes / 1e9, 1)} GB`;
  if (bytes >= 1e6) return `${number(bytes / 1e6, 1)} MB`;
  return `${number(Math.max(1, Math.round(bytes / 1e3)), 0)} KB`;
}
