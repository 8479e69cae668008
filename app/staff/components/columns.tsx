import type { ReactNode } from "react";
import { Link } from "~/components/link";
import type { Column } from "./data-table";
import type { ListSelect } from "./list-page";
import { formatDateTime, Pill, type PillTone } from "./staff-ui";

/** Column and filter declarations that most staff lists share. */
type Sorts = Column<unknown>["sorts"];

/** A column whose cell links to the row's page (its title, its id). */
export function linkColumn<Row>(
  header: string,
  to: (row: Row) => string,
  text: (row: Row) => ReactNode,
  options: { sorts?: Sorts; mono?: boolean } = {},
): Column<Row> {
  return {
    header,
    sorts: options.sorts,
    cell: (row) => (
      <Link
        to={to(row)}
        className={`${options.mono ? "font-mono" : "font-medium"} text-brand-800 underline-offset-4 hover:underline dark:text-brand-300`}
      >
        {text(row)}
      </Link>
    ),
  };
}

/** A status as a coloured pill. */
export function statusColumn<Row, S extends string>(
  status: (row: Row) => S,
  tones: Record<S, PillTone>,
  labels: Record<S, string>,
): Column<Row> {
  return { header: "Status", cell: (row) => <Pill tone={tones[status(row)]}>{labels[status(row)]}</Pill> };
}

/** A moment in UTC, e.g. "Placed (UTC)", usually what the newest/oldest sorts order by. */
export function timeColumn<Row>(
  header: string,
  at: (row: Row) => Date | string | null,
  sorts: Sorts = { newest: "descending", oldest: "ascending" },
): Column<Row> {
  return {
    header: `${header} (UTC)`,
    sorts,
    className: "whitespace-nowrap",
    cell: (row) => formatDateTime(at(row)),
  };
}

/** Someone's email with their username under it. */
export function personColumn<Row>(
  header: string,
  email: (row: Row) => ReactNode,
  username: (row: Row) => ReactNode,
): Column<Row> {
  return {
    header,
    cell: (row) => (
      <>
        <span className="break-all">{email(row)}</span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">{username(row)}</span>
      </>
    ),
  };
}

/** The "Status" filter: any status, or one of them. */
export function statusFilter<S extends string>(
  value: S | undefined,
  statuses: readonly S[],
  labels: Record<S, string>,
): ListSelect {
  return {
    name: "status",
    label: "Status",
    value,
    options: [
      { value: "", label: "Any status" },
      ...statuses.map((status) => ({ value: status, label: labels[status] })),
    ],
  };
}

/** The declarations above, bound to one list's row type (what `StaffListPage`'s `columns` receives). */
export function columnKit<Row>() {
  return {
    link: (...args: Parameters<typeof linkColumn<Row>>) => linkColumn<Row>(...args),
    person: (...args: Parameters<typeof personColumn<Row>>) => personColumn<Row>(...args),
    time: (...args: Parameters<typeof timeColumn<Row>>) => timeColumn<Row>(...args),
    status: <S extends string>(
      status: (row: Row) => S,
      tones: Record<S, PillTone>,
      labels: Record<S, string>,
    ) => statusColumn<Row, S>(status, tones, labels),
  };
}
export type ColumnKit<Row> = ReturnType<typeof columnKit<Row>>;
