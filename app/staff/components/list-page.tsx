import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/button";
import { SearchIcon } from "~/components/icons";
import { Link } from "~/components/link";
import type { Page } from "~/platform/text/paging";
import { LIST_SEARCH_MAX } from "../list-query";
import { withParams } from "../list-url";
import { type ColumnKit, columnKit } from "./columns";
import { type Column, DataTable } from "./data-table";
import { fieldClass, labelClass, StaffPageHeader } from "./staff-ui";

export interface Choice {
  value: string;
  label: string;
}

export interface ListSelect {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly Choice[];
}

export interface StaffListProps<Row> {
  title: string;
  description?: string;
  actions?: ReactNode;
  /** Shown above the filters: the action's error, a confirm panel. */
  notice?: ReactNode;
  search?: { value: string | undefined; placeholder: string; label?: string; maxLength?: number };
  selects?: ListSelect[];
  /** More inputs of the filter form (dates). */
  fields?: ReactNode;
  /** The sorts, each labelled with what it sorts by ("Placed, newest first"). */
  sort?: { value: string; labels: Record<string, string> };
  page: Page<Row>;
  caption: string;
  rowKey: (row: NoInfer<Row>) => string | number;
  /** A table of these columns, or… */
  columns?: (kit: ColumnKit<NoInfer<Row>>) => Column<NoInfer<Row>>[];
  /** …a card per row. */
  item?: (row: NoInfer<Row>) => ReactNode;
  empty?: string;
  /** Below the pages (a list paged by "older entries" links). */
  footer?: ReactNode;
}

/** A staff list: header, a GET filter form (search, selects, sort), the rows, and the pages. */
export function StaffListPage<Row>(props: StaffListProps<Row>) {
  const { page, columns, item, rowKey } = props;
  return (
    <main>
      <StaffPageHeader title={props.title} description={props.description} actions={props.actions} />
      {props.notice}
      <FilterBar {...props} />
      {columns ? (
        <DataTable
          caption={props.caption}
          columns={columns(columnKit<Row>())}
          rows={page.rows}
          rowKey={rowKey}
          sort={props.sort?.value}
          empty={props.empty ?? "Nothing matches."}
        />
      ) : page.rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{props.empty ?? "Nothing matches."}</p>
      ) : (
        <ul aria-label={props.caption} className="space-y-3">
          {page.rows.map((row) => (
            <li
              key={rowKey(row)}
              className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
            >
              {item?.(row)}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} />
      {props.footer}
    </main>
  );
}

function SelectBox({ select }: { select: ListSelect }) {
  return (
    <div>
      <label htmlFor={`filter-${select.name}`} className={labelClass}>
        {select.label}
      </label>
      <select
        id={`filter-${select.name}`}
        name={select.name}
        defaultValue={select.value ?? ""}
        className={`mt-1 ${fieldClass}`}
      >
        {select.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search box, filters and sort: a plain GET form, so the state is in the URL and works without JavaScript. */
function FilterBar<Row>({ search, selects = [], fields, sort }: StaffListProps<Row>) {
  return (
    <Form
      method="get"
      role="search"
      className="mb-4 grid gap-3 rounded-xl border border-zinc-200 bg-white p-3 sm:flex sm:flex-wrap sm:items-end dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      {search ? (
        <div className="sm:min-w-64 sm:flex-1">
          <label htmlFor="filter-q" className={labelClass}>
            {search.label ?? "Search"}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={search.value ?? ""}
            placeholder={search.placeholder}
            className={`mt-1 ${fieldClass}`}
            maxLength={search.maxLength ?? LIST_SEARCH_MAX}
          />
        </div>
      ) : null}
      {selects.map((select) => (
        <SelectBox key={select.name} select={select} />
      ))}
      {fields}
      {sort ? (
        <SelectBox
          select={{
            name: "sort",
            label: "Sort by",
            value: sort.value,
            options: Object.entries(sort.labels).map(([value, label]) => ({ value, label })),
          }}
        />
      ) : null}
      <button type="submit" className={buttonClass("primary", "px-4 py-2")}>
        <SearchIcon /> Apply
      </button>
    </Form>
  );
}

export function Pagination({ page }: { page: Pick<Page<unknown>, "page" | "pageSize" | "total"> }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  if (page.total === 0) return null;
  const link = (target: number, label: string, rel: string) =>
    target < 1 || target > pages ? (
      <span className={buttonClass("secondary", "px-3 py-1.5 opacity-50")} aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link
        rel={rel}
        to={withParams(location.search, { page: String(target) })}
        className={buttonClass("secondary", "px-3 py-1.5")}
      >
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-zinc-600 dark:text-zinc-400">{`${first}–${last} of ${page.total.toLocaleString("en")}`}</p>
      <div className="flex items-center gap-2">
        {link(page.page - 1, "Previous", "prev")}
        <span className="text-zinc-600 dark:text-zinc-400">
          Page {Math.min(page.page, pages)} of {pages}
        </span>
        {link(page.page + 1, "Next", "next")}
      </div>
    </nav>
  );
}
