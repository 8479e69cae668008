import { PRODUCT_NAME } from "~/constants";
import { Link } from "./link";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 text-lg font-bold tracking-tight"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white shadow-sm dark:bg-brand-500 dark:text-zinc-950">
        <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden>
          <path d="M8 5.5v13l10-6.5-10-6.5Z" />
        </svg>
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
