const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO date (or Date) as a day in the page's language (`locale`, a BCP 47 tag): "23 November
 * 2026", "23. November 2026", "2026年11月23日". UTC, so server and browser agree.
 */
export function formatDate(value: string | Date, locale = "en"): string {
  let format = dateFormats.get(locale);
  if (!format) {
    // English days are written day-first, as the invoices and the rest of the site write them.
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(typeof value === "string" ? new Date(value) : value);
}
