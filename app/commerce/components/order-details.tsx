import type { ReactNode } from "react";
import type { DetailRow } from "../orders/order-details";

/** A titled card of labelled lines: the order page's billing details, its figures and its dates. */
export function DetailsCard({
  id,
  title,
  rows,
  children,
}: {
  /** Names the section (its heading's id) and, for tests, its `data-testid`. */
  id: string;
  title: string;
  rows?: DetailRow[];
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="w-full rounded-2xl border border-zinc-200 bg-zinc-50 p-5 text-left text-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={id}
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        {title}
      </h2>
      {rows ? (
        <dl className="mt-3 grid gap-2">
          {rows.map((row) => (
            <div key={row.key} className="flex justify-between gap-4">
              <dt className="shrink-0 text-zinc-600 dark:text-zinc-400">{row.label}</dt>
              <dd className="min-w-0 break-words text-right font-medium" data-testid={`${id}-${row.key}`}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}
