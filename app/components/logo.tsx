import { PRODUCT_NAME } from "~/constants";
import { useT } from "~/platform/i18n/i18n";
import { Link } from "./link";

export function Logo() {
  const t = useT();
  return (
    <Link
      to="/"
      className="flex items-center gap-2 text-lg font-bold tracking-tight"
      aria-label={t("common.logo.home", { product: PRODUCT_NAME })}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white shadow-sm dark:bg-brand-500 dark:text-zinc-950">
        <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden>
          <path d="M8 5.5v13l10-6.5-10-6.5Z" />
        </svg>
      </span>
      <span data-logo>{PRODUCT_NAME}</span>
    </Link>
  );
}
