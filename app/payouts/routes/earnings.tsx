import { requirePermission } from "~/accounts/routes/permissions.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { PageNumberSchema } from "~/platform/text/paging";
import { BalanceCards, ByClip, RoyaltyLineList } from "../components/earnings-panels";
import { PayoutReadinessPanel } from "../components/payout-readiness-panel";
import { payoutReadinessItems } from "../details/readiness.server";
import { getCreatorEarnings } from "../ledger/earnings.server";
import type { Route } from "./+types/earnings";

export const meta = () =>
  pageMeta("Earnings", "What your clips have earned from licenses, and when you are paid.");

export async function loader({ request }: Route.LoaderArgs) {
  const creator = await requirePermission(request, "studio:use");
  const page = PageNumberSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [earnings, payoutMissing] = await Promise.all([
    getCreatorEarnings(creator.id, { page }),
    payoutReadinessItems(creator.id),
  ]);
  return { ...earnings, payoutMissing };
}

const LINK = "font-semibold text-brand-700 hover:underline dark:text-brand-400";

export default function Earnings({ loaderData: earnings }: Route.ComponentProps) {
  const { nextPayout } = earnings;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        <Link to="/studio" className="hover:underline">
          Studio
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Earnings</h1>
      <p className="mt-2 max-w-2xl text-zinc-600 dark:text-zinc-400">
        Every license of one of your clips earns you {earnings.ratePercent}% of what one download of the
        buyer's plan is worth: {earnings.total} from {earnings.licenses}{" "}
        {earnings.licenses === 1 ? "license" : "licenses"} so far, refunds taken off.
      </p>

      <PayoutReadinessPanel missing={earnings.payoutMissing} linkToDetails className="mt-6" />
      <BalanceCards balances={earnings.balances} />

      <section
        aria-labelledby="next-payout"
        className="mt-8 grid gap-6 rounded-2xl border border-zinc-200 p-5 sm:p-6 lg:grid-cols-[1fr_1fr] dark:border-zinc-800"
      >
        <div>
          <h2 id="next-payout" className="text-lg font-semibold">
            Next payout: {nextPayout.date}
          </h2>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300" data-testid="next-payout">
            {
              {
                paid: `${nextPayout.available} will be available by then, at or above the ${nextPayout.threshold} threshold: it goes into that payout.`,
                carried_over: `${nextPayout.available} will be available by then, below the ${nextPayout.threshold} threshold: it carries over until it reaches it.`,
                owed: `Your available balance will be ${nextPayout.available} by then: your next earnings make up for it before a payout.`,
                nothing:
                  "Nothing will be available for it yet: royalties become available when their refund window ends.",
              }[nextPayout.outcome]
            }
          </p>
          {earnings.balances.availableNegative ? (
            <p className="mt-2 text-sm text-red-700 dark:text-red-400">
              A refund or dispute took back a royalty that was already paid: your next payouts make up for it.
            </p>
          ) : null}
        </div>
        <div>
          <h3 className="font-semibold">When pending money becomes available</h3>
          {earnings.releases.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Nothing is pending.</p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="releases">
              {earnings.releases.map((release) => (
                <li key={release.day} className="flex justify-between py-1.5">
                  <span>{release.date}</span>
                  <span className="font-semibold tabular-nums">{release.amount}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 lg:col-span-2 dark:text-zinc-400">
          {earnings.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="statements" className="mt-10">
        <h2 id="statements" className="text-lg font-semibold">
          Statements
        </h2>
        {earnings.statements.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            No statements yet. You get one, by email too, with every payout.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {earnings.statements.map((statement) => (
              <li
                key={statement.period}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <span className="font-medium">{statement.label}</span>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  Paid {statement.paid} · balance after {statement.closing}
                </span>
                <span className="flex gap-3 text-sm">
                  <a href={statement.pdf} className={LINK} aria-label={`${statement.label} statement, PDF`}>
                    PDF
                  </a>
                  <a
                    href={statement.csv}
                    className={LINK}
                    download
                    aria-label={`${statement.label} statement, CSV`}
                  >
                    CSV
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {earnings.lines.total === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center font-semibold dark:border-zinc-700">
          No earnings yet. They appear here as soon as someone licenses one of your clips.
        </p>
      ) : (
        <>
          <section aria-labelledby="ledger" className="mt-10">
            <h2 id="ledger" className="text-lg font-semibold">
              Ledger
            </h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              Every royalty, reversal and restoration, newest first. Lines are never changed: a refund adds a
              reversal.
            </p>
            <RoyaltyLineList lines={earnings.lines} />
          </section>
          <section aria-labelledby="by-clip" className="mt-10">
            <h2 id="by-clip" className="text-lg font-semibold">
              By clip
            </h2>
            <ByClip clips={earnings.clips} />
          </section>
        </>
      )}
    </main>
  );
}
