import type { ComponentProps } from "react";
import { Link } from "~/components/link";

const BASE =
  "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors";
const IDLE =
  "border-zinc-200 bg-white text-zinc-700 hover:border-brand-500 hover:text-brand-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-brand-400 dark:hover:text-brand-300";
const ACTIVE =
  "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-zinc-950";

export function chipClass(active = false) {
  return `${BASE} ${active ? ACTIVE : IDLE}`;
}

/** A pill link; `active` marks the current choice for sight and for screen readers. */
export function ChipLink({
  active = false,
  className = "",
  ...props
}: ComponentProps<typeof Link> & { active?: boolean }) {
  return (
    <Link
      aria-current={active ? "true" : undefined}
      className={`${chipClass(active)} ${className}`}
      preventScrollReset
      {...props}
    />
  );
}
