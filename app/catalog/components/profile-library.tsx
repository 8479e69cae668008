import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { useI18n, useT } from "~/platform/i18n/i18n";
import type { ProfileDownloads, ProfileLibrary, ProfileOrders } from "../profile/profile-library";

const linkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-400";

/** The Downloads tab: licensed clips, newest first, each with its license, certificate and re-download. */
export function DownloadsPanel({
  downloads,
  empty,
}: {
  downloads: ProfileDownloads["downloads"];
  empty: React.ReactNode;
}) {
  const { t, rich } = useI18n();
  if (downloads.length === 0) return <>{empty}</>;
  return (
    <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {downloads.map((item) => (
        <li
          key={item.licenseId}
          className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="download-row"
        >
          <div className="min-w-0">
            <p className="truncate font-semibold">
              {item.clipId ? (
                <Link to={`/video/${item.clipId}`} className="hover:underline">
                  {item.clipTitle}
                </Link>
              ) : (
                item.clipTitle
              )}
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {rich("catalog.library.downloadMeta", {
                license: item.licenseLabel,
                date: item.dateLabel,
                creator: item.creatorName,
                licenseId: item.licenseId,
                id: (text) => (
                  <Link key="id" to={item.verifyUrl} translate="no" className="font-mono hover:underline">
                    {text}
                  </Link>
                ),
              })}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <a
              href={item.certificateUrl}
              className={buttonClass("secondary", "!px-4 !py-2")}
              target="_blank"
              rel="noreferrer"
            >
              {t("catalog.library.certificate")}
            </a>
            {item.downloadUrl ? (
              <Link to={item.downloadUrl} className={buttonClass("primary", "!px-4 !py-2")}>
                {t("catalog.library.downloadAgain")}
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The Orders tab: running plans, and every order with its invoice. */
export function OrdersPanel({ library }: { library: ProfileOrders }) {
  const t = useT();
  return (
    <div className="space-y-8">
      {library.subscriptions.length > 0 ? (
        <SubscriptionsSection subscriptions={library.subscriptions} />
      ) : null}
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-lg font-semibold">
          {t("catalog.library.yourPlans")}
        </h2>
        {library.plans.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t("catalog.library.noPlan")}{" "}
            <Link to="/pricing" className={linkClass}>
              {t("catalog.profile.seePlans")}
            </Link>
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {library.plans.map((plan) => (
              <li
                key={plan.orderId}
                className="rounded-2xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-900 dark:bg-brand-950/40"
                data-testid="plan-card"
              >
                <p className="font-semibold">{plan.planLabel}</p>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">{plan.licenseLabel}</p>
                <p className="mt-2 text-sm font-medium">{plan.downloadsLabel}</p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {t("catalog.library.validUntil", { date: plan.expiresLabel })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-lg font-semibold">
          {t("catalog.library.orders")}
        </h2>
        {library.orders.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("catalog.library.noOrders")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {library.orders.map((order) => (
              <li
                key={order.id}
                className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[8rem_1fr_9rem_7rem_auto] sm:items-center"
                data-testid="order-row"
              >
                <span translate="no" className="font-mono font-semibold">
                  {order.number}
                </span>
                <span className="text-right sm:text-left">{order.planLabel}</span>
                <span className="text-zinc-600 dark:text-zinc-400">{order.dateLabel}</span>
                <span className="text-right font-semibold tabular-nums sm:text-left">{order.totalLabel}</span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span
                    className={
                      order.status === "paid"
                        ? "text-brand-700 dark:text-brand-400"
                        : "text-zinc-600 dark:text-zinc-400"
                    }
                  >
                    {order.statusLabel}
                  </span>
                  {order.invoiceUrl ? (
                    <a href={order.invoiceUrl} className={linkClass} target="_blank" rel="noreferrer">
                      {t("catalog.library.invoice")}
                    </a>
                  ) : null}
                  {order.creditNotes.map((note) => (
                    <a
                      key={note.url}
                      href={note.url}
                      className={`${linkClass} whitespace-nowrap`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {note.label}
                    </a>
                  ))}
                  <Link to={order.detailsUrl} className={linkClass}>
                    {t("catalog.library.details")}
                  </Link>
                </span>
                {order.payment ? (
                  <div className="col-span-full mt-2 rounded-xl bg-brand-50 p-3 dark:bg-brand-950/40">
                    <p className="font-semibold">{t("catalog.library.bankTransfer")}</p>
                    <dl
                      className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5"
                      data-testid="order-payment"
                    >
                      {order.payment.map((row) => (
                        <div key={row.label} className="contents">
                          <dt className="text-zinc-600 dark:text-zinc-400">{row.label}</dt>
                          {/* An IBAN, a bank's or a company's name: never translated, by the browser either. */}
                          <dd translate="no" className="break-all font-medium">
                            {row.value}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const STATE_TONES: Record<ProfileLibrary["subscriptions"][number]["state"], string> = {
  active: "bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200",
  past_due: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  ending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  ended: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
};

/** Running subscriptions: state, next renewal or end, and the billing portal for card payments. */
function SubscriptionsSection({ subscriptions }: { subscriptions: ProfileLibrary["subscriptions"] }) {
  const t = useT();
  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading" className="text-lg font-semibold">
        {t("catalog.library.yourSubscription")}
      </h2>
      <ul className="mt-3 space-y-3">
        {subscriptions.map((subscription) => (
          <li
            key={subscription.id}
            className="flex flex-col gap-3 rounded-2xl border border-zinc-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800"
            data-testid="subscription-card"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{subscription.planLabel}</span>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[subscription.state]}`}
                  data-testid="subscription-state"
                >
                  {subscription.stateLabel}
                </span>
              </p>
              <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300" data-testid="subscription-detail">
                {subscription.detail}
              </p>
              {subscription.note ? (
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{subscription.note}</p>
              ) : null}
            </div>
            {subscription.manageUrl ? (
              // A plain form: the answer is a redirect to Stripe's own site.
              <form method="post" action={subscription.manageUrl} className="shrink-0">
                <button type="submit" className={buttonClass("secondary", "!px-4 !py-2")}>
                  {t("catalog.library.manageBilling")}
                </button>
              </form>
            ) : null}
            {subscription.renewal ? (
              <RenewalForm subscriptionId={subscription.id} renewal={subscription.renewal} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Stops a manual subscription's renewal, or takes that back: a plain form (it works without
 * JavaScript). The explanation beside the button says what happens, tied to it by
 * aria-describedby, so one press is an informed one and undoing it is as easy.
 */
function RenewalForm({
  subscriptionId,
  renewal,
}: {
  subscriptionId: string;
  renewal: NonNullable<ProfileLibrary["subscriptions"][number]["renewal"]>;
}) {
  const explanationId = `renewal-explanation-${subscriptionId}`;
  return (
    <form
      method="post"
      action={renewal.url}
      className="flex shrink-0 flex-col gap-1 sm:max-w-xs sm:items-end"
    >
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <input type="hidden" name="renewal" value={renewal.value} />
      <button
        type="submit"
        className={buttonClass("secondary", "!px-4 !py-2")}
        aria-describedby={explanationId}
      >
        {renewal.label}
      </button>
      <p id={explanationId} className="text-xs text-zinc-600 sm:text-right dark:text-zinc-400">
        {renewal.explanation}
      </p>
    </form>
  );
}
