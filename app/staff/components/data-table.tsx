import type { ReactNode } from "react";
import { STAFF_TEXTS } from "../texts";
import { NoneYet } from "./staff-ui";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The list's sorts that order rows by this column, and which way (for `aria-sort`). */
  sorts?: Partial<Record<string, "ascending" | "descending">>;
  className?: string;
}

/**
 * A table on a laptop; on a phone the same rows stacked as cards, each cell under its column's name,
 * so nothing (a status, a total) hides past the right edge.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  empty = STAFF_TEXTS.noneYet,
  wide = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  sort?: string;
  empty?: string;
  /** Wider than the page on a laptop: its box scrolls sideways and takes the focus, so a keyboard can scroll it. */
  wide?: boolean;
}) {
  if (rows.length === 0) return <NoneYet>{empty}</NoneYet>;
  return (
    <>
      <div
        {...(wide ? { tabIndex: 0, role: "region", "aria-label": caption } : {})}
        className="hidden overflow-x-auto rounded-xl border border-zinc-200 bg-white sm:block dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  aria-sort={(sort && column.sorts?.[sort]) || undefined}
                  className="px-3 py-2 text-left font-semibold"
                >
                  {column.header}
                  {sort && column.sorts?.[sort] ? (
                    <span aria-hidden> {column.sorts[sort] === "ascending" ? "▲" : "▼"}</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                {columns.map((column) => (
                  <td key={column.header} className={`px-3 py-2 align-top ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-2 sm:hidden">
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className="rounded-xl border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              {columns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{column.header}</dt>
                  <dd className="break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
