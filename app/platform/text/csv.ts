/**
 * CSV files people open in a spreadsheet (RFC 4180, CRLF line ends). A cell that a spreadsheet would
 * read as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe,
 * so a name like "=HYPERLINK(…)" stays text; control characters are dropped.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount written as text ("-1.75") is a number to a spreadsheet, not a formula. */
const NEGATIVE_DECIMAL = /^-\d+(\.\d+)?$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  // Numbers the program writes (cents turned euros, counts) are data, never formulas.
  if (typeof value === "number") return String(value);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  let text = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  if (FORMULA_START.test(text) && !NEGATIVE_DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(",");
}

/** A whole file: the header row, then the rows, each line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}

/**
 * Excel opens a CSV as UTF-8 only when it starts with a byte-order mark; without one, names in
 * Greek, Arabic or CJK and the euro sign come out garbled. Every CSV download carries it.
 */
export const CSV_BOM = "\uFEFF";

/** A CSV file as a download: the byte-order mark, then the file; never cached by a proxy. */
export function csvResponse(body: string, fileName: string) {
  return new Response(`${CSV_BOM}${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
