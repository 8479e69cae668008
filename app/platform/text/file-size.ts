/** The units' short names; French counts in octets (Ko, Mo, Go). */
const UNITS: Record<string, [kilo: string, mega: string, giga: string]> = { fr: ["Ko", "Mo", "Go"] };
const DEFAULT_UNITS: [string, string, string] = ["KB", "MB", "GB"];

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number) {
  const id = `${locale}|${digits}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(id, format);
  }
  return format;
}

/**
 * A file's size as every page shows it: decimal units (1 MB = 1,000,000 bytes, as operating
 * systems' file browsers and download managers count), one decimal from MB up, in the page's
 * language (`locale`, a BCP 47 tag: "1,5 Mo" in French). One formatter for the clip page, the
 * download page and the studio, so one file never shows two sizes.
 */
export function formatFileSize(bytes: number, locale = "en"): string {
  const [kilo, mega, giga] = UNITS[locale.split("-", 1)[0]!] ?? DEFAULT_UNITS;
  if (bytes >= 1e9) return `${numberFormat(locale, 1).format(bytes / 1e9)} ${giga}`;
  if (bytes >= 1e6) return `${numberFormat(locale, 1).format(bytes / 1e6)} ${mega}`;
  return `${numberFormat(locale, 0).format(Math.max(1, Math.round(bytes / 1e3)))} ${kilo}`;
}
