import { requirePermission } from "~/accounts/routes/permissions.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { LOCALE_TAGS } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { PageNumberSchema } from "~/platform/text/paging";
import { BalanceCards, ByClip, RoyaltyLineList } from "../components/earnings-panels";
import { PayoutReadinessPanel } from "../components/payout-readiness-panel";
import { PAYOUT_DAY_OF_MONTH } from "../details/payout-terms";
import { payoutReadinessItems } from "../details/readiness.server";
import { getCreatorEarnings } from "../ledger/earnings.server";
import type { Route } from "./+types/earnings";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("payouts.earnings.metaTitle"), t("payouts.earnings.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const creator = await requirePermission(request, "studio:use");
  const locale = pageLocaleOf(params);
  const page = PageNumberSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [earnings, payoutMissing] = await Promise.all([
    getCreatorEarnings(creator.id, { page, tag: LOCALE_TAGS[locale] }),
    payoutReadinessItems(creator.id),
  ]);
  return { ...earnings, payoutMissing, messages: messagesFor(locale, ["payouts"]) };
}

/** What the next payout will do, by its outcome. */
const OUTCOME_KEYS = {
  paid: "payouts.earnings.next.paid",
  carried_over: "payouts.earnings.next.carriedOver",
  owed: "payouts.earnings.next.owed",
  nothing: "payouts.earnings.next.nothing",
} as const;

const LINK = "font-semibold text-brand-700 hover:underline dark:text-brand-400";

export default function Earnings({ loaderData: earnings }: Route.ComponentProps) {
  const { nextPayout, termFigures } = earnings;
  const { t, tag } = useI18n();
  const monthOf = (period: string) =>
    new Intl.DateTimeFormat(tag === "en" ? "en-GB" : tag, {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${period}-01T00:00:00Z`));
  const terms = [
    t("payouts.earnings.terms.pending", { days: termFigures.refundWindowDays }),
    t("payouts.earnings.terms.monthly", { day: PAYOUT_DAY_OF_MONTH, threshold: termFigures.threshold }),
    termFigures.stripe ? t("payouts.earnings.terms.methodsStripe") : t("payouts.earnings.terms.methodsBank"),
    t("payouts.earnings.terms.refunds"),
  ];
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        <Link to="/studio" className="hover:underline">
          {t("payouts.studio")}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t("payouts.earnings.heading")}</h1>
      <p className="mt-2 max-w-2xl text-zinc-600 dark:text-zinc-400">
        {t("payouts.earnings.intro", {
          rate: earnings.ratePercent,
          total: earnings.total,
          count: earnings.licenses,
        })}
      </p>

      <PayoutReadinessPanel missing={earnings.payoutMissing} linkToDetails className="mt-6" />
      <BalanceCards balances={earnings.balances} />

      <section
        aria-labelledby="next-payout"
        className="mt-8 grid gap-6 rounded-2xl border border-zinc-200 p-5 sm:p-6 lg:grid-cols-[1fr_1fr] dark:border-zinc-800"
      >
        <div>
          <h2 id="next-payout" className="text-lg font-semibold">
            {t("payouts.earnings.next.heading", { date: nextPayout.date })}
          </h2>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300" data-testid="next-payout">
            {t(OUTCOME_KEYS[nextPayout.outcome], {
              available: nextPayout.available,
              threshold: nextPayout.threshold,
            })}
          </p>
          {earnings.balances.availableNegative ? (
            <p className="mt-2 text-sm text-red-700 dark:text-red-400">{t("payouts.earnings.negative")}</p>
          ) : null}
        </div>
        <div>
          <h3 className="font-semibold">{t("payouts.earnings.pendingHeading")}</h3>
          {earnings.releases.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              {t("payouts.earnings.nothingPending")}
            </p>
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
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="statements" className="mt-10">
        <h2 id="statements" className="text-lg font-semibold">
          {t("payouts.earnings.statements")}
        </h2>
        {earnings.statements.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t("payouts.earnings.noStatements")}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {earnings.statements.map((statement) => (
              <li
                key={statement.period}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <span className="font-medium">{monthOf(statement.period)}</span>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  {t("payouts.earnings.statementFigures", {
                    paid: statement.paid,
                    closing: statement.closing,
                  })}
                </span>
                <span className="flex gap-3 text-sm">
                  <a
                    href={statement.pdf}
                    className={LINK}
                    aria-label={t("payouts.earnings.statementPdf", { month: monthOf(statement.period) })}
                  >
                    PDF
                  </a>
                  <a
                    href={statement.csv}
                    className={LINK}
                    download
                    aria-label={t("payouts.earnings.statementCsv", { month: monthOf(statement.period) })}
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
          {t("payouts.earnings.empty")}
        </p>
      ) : (
        <>
          <section aria-labelledby="ledger" className="mt-10">
            <h2 id="ledger" className="text-lg font-semibold">
              {t("payouts.earnings.ledger")}
            </h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {t("payouts.earnings.ledgerIntro")}
            </p>
            <RoyaltyLineList lines={earnings.lines} />
          </section>
          <section aria-labelledby="by-clip" className="mt-10">
            <h2 id="by-clip" className="text-lg font-semibold">
              {t("payouts.earnings.byClip")}
            </h2>
            <ByClip clips={earnings.clips} />
          </section>
        </>
      )}
    </main>
  );
}
