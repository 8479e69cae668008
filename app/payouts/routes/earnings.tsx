import { Link } from "react-router";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import { PayoutReadinessPanel } from "../components/payout-readiness-panel";
import { getCreatorEarnings } from "../earnings.server";
import { payoutReadinessItems } from "../readiness.server";
import type { Route } from "./+types/earnings";

export const meta = () => pageMeta("Earnings", "What your clips have earned from licenses.");

export async function loader({ request }: Route.LoaderArgs) {
  const creator = await requirePermission(request, "studio:use");
  return { ...(await getCreatorEarnings(creator.id)), payoutMissing: await payoutReadinessItems(creator.id) };
}

const tableClass =
  "w-full overflow-hidden rounded-2xl border border-zinc-200 text-left text-sm dark:border-zinc-800";
const headClass =
  "bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400";

export default function Earnings({ loaderData: earnings }: Route.ComponentProps) {
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
        buyer's plan is worth. Payouts are not available yet; your balance is kept safe here.
      </p>

      <PayoutReadinessPanel missing={earnings.payoutMissing} linkToDetails className="mt-6" />
      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-900 dark:bg-brand-950/40">
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">Total earned</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums" data-testid="earnings-total">
            {earnings.total}
          </dd>
        </div>
        <div className="rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">Licenses sold</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums">{earnings.licenses}</dd>
        </div>
      </dl>

      {earnings.licenses === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center font-semibold dark:border-zinc-700">
          No earnings yet. They appear here as soon as someone licenses one of your clips.
        </p>
      ) : (
        <div className="mt-10 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="by-month">
            <h2 id="by-month" className="text-lg font-semibold">
              By month
            </h2>
            <table className={`${tableClass} mt-3`}>
              <thead className={headClass}>
                <tr>
                  <th className="px-4 py-2 font-semibold">Month</th>
                  <th className="px-4 py-2 text-right font-semibold">Licenses</th>
                  <th className="px-4 py-2 text-right font-semibold">Earned</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {earnings.months.map((month) => (
                  <tr key={month.month}>
                    <td className="px-4 py-2.5">{month.label}</td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{month.licenses}</td>
                    <td className="px-4 py-2.5 text-right font-semibold tabular-nums">{month.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="by-clip">
            <h2 id="by-clip" className="text-lg font-semibold">
              By clip
            </h2>
            <table className={`${tableClass} mt-3`}>
              <thead className={headClass}>
                <tr>
                  <th className="px-4 py-2 font-semibold">Clip</th>
                  <th className="px-4 py-2 text-right font-semibold">Licenses</th>
                  <th className="px-4 py-2 text-right font-semibold">Earned</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {earnings.clips.map((clip) => (
                  <tr key={clip.clipId ?? clip.title}>
                    <td className="px-4 py-2.5">
                      {clip.clipId ? (
                        <Link to={`/studio/clips/${clip.clipId}`} className="hover:underline">
                          {clip.title}
                        </Link>
                      ) : (
                        clip.title
                      )}
                    </td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{clip.licenses}</td>
                    <td className="px-4 py-2.5 text-right font-semibold tabular-nums">{clip.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </main>
  );
}
