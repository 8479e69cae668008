import { Link } from "~/components/link";
import type { MissingItem } from "../details/readiness";

export interface ReadinessItem {
  item: MissingItem;
  label: string;
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
  if (missing.length === 0)
    return (
      <section
        aria-labelledby="payout-readiness"
        data-testid="payout-readiness"
        className={`rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200 ${className}`}
      >
        <h2 id="payout-readiness" className="font-semibold">
          Ready for payouts
        </h2>
        <p className="mt-1 text-sm">
          Your payout and seller details are complete. Your available balance is paid out in the monthly run.
          {linkToDetails ? (
            <>
              {" "}
              <Link to="/studio/payouts" className="font-medium underline underline-offset-2">
                Payout details
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
        Before we can pay you
      </h2>
      <p className="mt-1 text-sm">Payouts wait until these are done; your balance is kept until then.</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {missing.map(({ item, label }) => (
          <li key={item}>{label}</li>
        ))}
      </ul>
      {linkToDetails ? (
        <Link
          to="/studio/payouts"
          className="mt-4 inline-block text-sm font-semibold underline underline-offset-2"
        >
          Complete your payout details
        </Link>
      ) : null}
    </section>
  );
}
