import type { License } from "~/catalog/clips/attributes";
import type { Currency } from "~/payments/currencies";
import { useI18n } from "~/platform/i18n/i18n";
import { TOTAL_LABELS } from "../checkout/total-label";
import { moneyIn } from "../locale-format";
import {
  BILLING_LABEL_KEYS,
  downloadsLabel,
  LICENSE_LABEL_KEYS,
  ORDER_STATUS_KEYS,
} from "../pricing/plan-labels";
import type { Billing, OrderStatus } from "../pricing/plans";

/** An order's number, plan, status and total: the success page and the order page show them alike. */
export function OrderFacts({
  order,
}: {
  order: {
    orderNumber: string;
    planTitle: string;
    license: License;
    downloads: number;
    billing: Billing;
    status: OrderStatus;
    totalCents: number;
    /** The order's currency (decision 0026). */
    currency: Currency;
    /** From totalLabelOf: "incl. VAT" only when VAT was charged, else why there is none. */
    total: { label: string; reason: string | null };
  };
}) {
  const { t, tag } = useI18n();
  return (
    <dl className="mt-8 w-full divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-zinc-50 text-left text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">{t("commerce.order.number")}</dt>
        <dd className="font-mono text-base font-semibold tracking-wider" data-testid="order-number">
          {order.orderNumber}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">{t("commerce.order.plan")}</dt>
        <dd className="text-right" data-testid="order-plan">
          <span className="font-semibold">{order.planTitle}</span>
          <br />
          <span className="text-zinc-600 dark:text-zinc-400">
            {t(LICENSE_LABEL_KEYS[order.license])} · {downloadsLabel(t, order.downloads)} ·{" "}
            {t(BILLING_LABEL_KEYS[order.billing])}
          </span>
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">{t("commerce.order.status")}</dt>
        <dd className="font-semibold" data-testid="order-status">
          {t(ORDER_STATUS_KEYS[order.status])}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">
          {order.total.label === TOTAL_LABELS.withVat
            ? t("commerce.order.totalInclVat")
            : order.total.label === TOTAL_LABELS.withoutVat
              ? t("commerce.summary.total")
              : order.total.label}
          {order.total.reason ? (
            <span className="block text-xs" data-testid="order-total-reason">
              {order.total.reason}
            </span>
          ) : null}
        </dt>
        <dd className="text-base font-bold tabular-nums" data-testid="order-total">
          {moneyIn(tag, order.totalCents, order.currency)}
        </dd>
      </div>
    </dl>
  );
}
