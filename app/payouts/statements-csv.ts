/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when it
 * holds a comma, a quote, CR or LF, with its quotes doubled. A spreadsheet runs a cell that starts
 * with = + - @ (or a tab or CR before one) as a formula, so such a text cell gets a leading '
 * (OWASP's advice on CSV injection): a clip title is the creator's own text, and a statement is
 * opened in a spreadsheet. Numbers are written as numbers, so a negative amount stays a number;
 * `{ euros: cents }` writes cents as euros with two decimals ("-4.45").
 */
export type CsvCell = string | number | { euros: number } | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return euros(value.euros);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** Integer cents as a decimal in euros, exactly (no float arithmetic): -445 → "-4.45". */
export function euros(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
