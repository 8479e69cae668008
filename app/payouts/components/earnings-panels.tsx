import { Link } from "~/components/link";
import { useI18n, useT } from "~/platform/i18n/i18n";
import type { CreatorEarnings } from "../ledger/earnings.server";
import type { LineState } from "../ledger/ledger-states";

export const tableClass =
  "w-full overflow-hidden rounded-2xl border border-zinc-200 text-left text-sm dark:border-zinc-800";
export const headClass =
  "bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400";

const BALANCE_HINTS = {
  pending: "payouts.balance.pendingHint",
  available: "payouts.balance.availableHint",
  onTheWay: "payouts.balance.onTheWayHint",
  paid: "payouts.balance.paidHint",
} as const;

/** Each line state's name (and each balance's: they are the same four). */
const STATE_KEYS: Record<LineState, string> = {
  pending: "payouts.state.pending",
  available: "payouts.state.available",
  on_the_way: "payouts.state.onTheWay",
  paid: "payouts.state.paid",
};

/** Each kind of ledger line's name. */
const KIND_KEYS: Record<CreatorEarnings["lines"]["rows"][number]["kind"], string> = {
  royalty: "payouts.kind.royalty",
  reversal: "payouts.kind.reversal",
  restoration: "payouts.kind.restoration",
};

/** The four balances by state; together they are every line of the creator's ledger. */
export function BalanceCards({ balances }: { balances: CreatorEarnings["balances"] }) {
  const t = useT();
  const cards = [
    ["pending", t(STATE_KEYS.pending), balances.pending],
    ["available", t(STATE_KEYS.available), balances.available],
    ["onTheWay", t(STATE_KEYS.on_the_way), balances.onTheWay],
    ["paid", t(STATE_KEYS.paid), balances.paid],
  ] as const;
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(([key, label, amount]) => (
        <div
          key={key}
          className={
            key === "available"
              ? "rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5 dark:border-brand-900 dark:bg-brand-950/40"
              : "rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800"
          }
        >
          <dt className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</dt>
          <dd
            className={`mt-1 text-2xl font-bold tabular-nums sm:text-3xl ${key === "available" && balances.availableNegative ? "text-red-700 dark:text-red-400" : ""}`}
            data-testid={`balance-${key}`}
          >
            {amount}
          </dd>
          <dd className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t(BALANCE_HINTS[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

const STATE_CLASSES: Record<LineState, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  available: "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-200",
  on_the_way: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  paid: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
};

export function StatePill({ state }: { state: LineState }) {
  const t = useT();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASSES[state]}`}>
      {t(STATE_KEYS[state])}
    </span>
  );
}

/** The ledger, newest first, a page at a time: a table on a laptop, cards on a phone. */
export function RoyaltyLineList({ lines }: { lines: CreatorEarnings["lines"] }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(lines.total / lines.pageSize));
  const clip = (row: CreatorEarnings["lines"]["rows"][number]) =>
    row.clipId ? (
      <Link to={`/studio/clips/${row.clipId}`} className="hover:underline">
        {row.clipTitle}
      </Link>
    ) : (
      row.clipTitle
    );
  return (
    <>
      <table className={`${tableClass} mt-3 hidden md:table`}>
        <thead className={headClass}>
          <tr>
            <th className="px-4 py-2 font-semibold">{t("payouts.ledger.date")}</th>
            <th className="px-4 py-2 font-semibold">{t("payouts.ledger.kind")}</th>
            <th className="px-4 py-2 font-semibold">{t("payouts.ledger.clip")}</th>
            <th className="px-4 py-2 font-semibold">{t("payouts.ledger.plan")}</th>
            <th className="px-4 py-2 font-semibold">{t("payouts.ledger.state")}</th>
            <th className="px-4 py-2 text-right font-semibold">{t("payouts.ledger.amount")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {lines.rows.map((row) => (
            <tr key={row.id}>
              <td className="px-4 py-2.5 whitespace-nowrap">{row.date}</td>
              <td className="px-4 py-2.5">{t(KIND_KEYS[row.kind])}</td>
              <td className="px-4 py-2.5">{clip(row)}</td>
              <td className="px-4 py-2.5 text-zinc-600 dark:text-zinc-400">{row.planName}</td>
              <td className="px-4 py-2.5">
                <StatePill state={row.state} />
              </td>
              <td className="px-4 py-2.5 text-right font-semibold tabular-nums">{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 md:hidden dark:divide-zinc-800 dark:border-zinc-800">
        {lines.rows.map((row) => (
          <li key={row.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">{clip(row)}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {t(KIND_KEYS[row.kind])} · {row.date}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{row.planName}</p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold tabular-nums">{row.amount}</p>
              <StatePill state={row.state} />
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav
          aria-label={t("payouts.ledger.pages")}
          className="mt-3 flex items-center justify-between text-sm"
        >
          {lines.page > 1 ? (
            <Link
              to={`?page=${lines.page - 1}#ledger`}
              className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
            >
              {t("payouts.ledger.newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-600 dark:text-zinc-400">
            {t("payouts.ledger.page", { page: lines.page, pages })}
          </span>
          {lines.page < pages ? (
            <Link
              to={`?page=${lines.page + 1}#ledger`}
              className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
            >
              {t("payouts.ledger.older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

/** Royalties (reversals netted) by clip: which clips earn. */
export function ByClip({ clips }: { clips: CreatorEarnings["clips"] }) {
  const { t, tag } = useI18n();
  return (
    <table className={`${tableClass} mt-3`}>
      <thead className={headClass}>
        <tr>
          <th className="px-4 py-2 font-semibold">{t("payouts.ledger.clip")}</th>
          <th className="px-4 py-2 text-right font-semibold">{t("payouts.byClip.licenses")}</th>
          <th className="px-4 py-2 text-right font-semibold">{t("payouts.byClip.earned")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {clips.map((clip) => (
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
            <td className="px-4 py-2.5 text-right tabular-nums">{clip.licenses.toLocaleString(tag)}</td>
            <td className="px-4 py-2.5 text-right font-semibold tabular-nums">{clip.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
