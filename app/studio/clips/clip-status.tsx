import type { ClipStatus } from "~/catalog/clips/attributes";
import { useT } from "~/platform/i18n/i18n";
import { STATUS_KEYS } from "../studio-keys";

/** The studio's badge colours for each state. */
export const STATUS_BADGE: Record<ClipStatus, string> = {
  processing: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  needs_details: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  in_review: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  published: "bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300",
  rejected: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  unpublished: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
};

export function StatusBadge({ status }: { status: ClipStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[status]}`}
    >
      {t(STATUS_KEYS[status])}
    </span>
  );
}
