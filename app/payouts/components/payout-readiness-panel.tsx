import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import type { MissingItem } from "../details/readiness";

export interface ReadinessItem {
  item: MissingItem;
  label: string;
  /** The label's catalogue key (readiness.ts, missingKey). */
  key: string;
}

/**
 * What a creator must still do before being paid, or that nothing is missing. The earnings page
 * shows it with a link to the payout details; the payout details page without.
 */
export function PayoutReadinessPanel({
  missing,
  linkToDetails = false,
  className = "",
}: {
  missing: ReadinessItem[];
  linkToDetails?: boolean;
  className?: string;
}) {
  const t = useT();
  if (missing.length === 0)
    return (
      <section
        aria-labelledby="payout-readiness"
        data-testid="payout-readiness"
        className={`rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200 ${className}`}
      >
        <h2 id="payout-readiness" className="font-semibold">
          {t("payouts.readiness.ready")}
        </h2>
        <p className="mt-1 text-sm">
          {t("payouts.readiness.readyText")}
          {linkToDetails ? (
            <>
              {" "}
              <Link to="/studio/payouts" className="font-medium underline underline-offset-2">
                {t("payouts.readiness.detailsLink")}
              </Link>
            </>
          ) : null}
        </p>
      </section>
    );
  return (
    <section
      aria-labelledby="payout-readiness"
      data-testid="payout-readiness"
      className={`rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      <h2 id="payout-readiness" className="font-semibold">
        {t("payouts.readiness.before")}
      </h2>
      <p className="mt-1 text-sm">{t("payouts.readiness.wait")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {missing.map(({ item, key }) => (
          <li key={item}>{t(key)}</li>
        ))}
      </ul>
      {linkToDetails ? (
        <Link
          to="/studio/payouts"
          className="mt-4 inline-block text-sm font-semibold underline underline-offset-2"
        >
          {t("payouts.readiness.complete")}
        </Link>
      ) : null}
    </section>
  );
}
