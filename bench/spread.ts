import type { Row } from "./lib";

/**
 * One table from several runs of a benchmark (issue 40: every figure states its spread). Rows are
 * matched by position (each run measures the same rows in the same order); in each cell:
 * - a number becomes "min / median / max" (one value when every run gave it);
 * - true or false (a "met" column) is true only when every run was: the worst run decides;
 * - text is kept when every run agrees, else the runs' texts are listed.
 */
export function spreadRows(runs: Row[][]): Row[] {
  const last = runs.at(-1) ?? [];
  return last.map((row, index) => {
    const cells = runs.map((run) => run[index]).filter((cell): cell is Row => cell !== undefined);
    return Object.fromEntries(
      Object.keys(row).map((column) => [column, spreadCell(cells.map((cell) => cell[column]))]),
    );
  });
}

function spreadCell(values: (string | number | boolean | undefined)[]): string | number | boolean {
  const given = values.filter((value) => value !== undefined);
  if (given.length === 0) return "";
  if (given.every((value) => typeof value === "boolean")) return given.every(Boolean);
  if (given.every((value) => typeof value === "number")) {
    const numbers = given as number[];
    const sorted = [...numbers].sort((a, b) => a - b);
    if (sorted[0] === sorted.at(-1)) return sorted[0]!;
    return `${format(sorted[0]!)} / ${format(middle(sorted))} / ${format(sorted.at(-1)!)}`;
  }
  const texts = [...new Set(given.map(String))];
  return texts.length === 1 ? texts[0]! : texts.join(" · ");
}

function middle(sorted: number[]) {
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

function format(value: number) {
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}
