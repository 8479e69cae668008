import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { formatDate } from "~/platform/text/dates";
import { formatFileSize } from "~/platform/text/file-size";

/**
 * Money, dates and sizes in the page's language, with the page's tag first (as components hold it).
 * English keeps the shared formatters' output ("€49.00"); another language formats with its own tag
 * ("49,00 €").
 */
export function moneyIn(tag: string, cents: number, currency?: Currency): string {
  return formatMoney(cents, tag === "en" ? undefined : tag, currency);
}

/** A day in the page's language ("23 November 2026", "23. November 2026"). */
export const dateIn = (tag: string, value: string | Date) => formatDate(value, tag);

/** A file's size in the page's language, as every page counts it (~/platform/text/file-size). */
export const fileSizeIn = (tag: string, bytes: number) => formatFileSize(bytes, tag);
