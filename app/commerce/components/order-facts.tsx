import type { License } from "~/catalog/clips/attributes";
import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import {
  BILLING_LABELS,
  type Billing,
  LICENSE_LABELS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "../pricing/plans";
import { downloadsText } from "./order-summary";

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
  return (
    <dl className="mt-8 w-full divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-zinc-50 text-left text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">Order number</dt>
        <dd className="font-mono text-base font-semibold tracking-wider" data-testid="order-number">
          {order.orderNumber}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">Plan</dt>
        <dd className="text-right" data-testid="order-plan">
          <span className="font-semibold">{order.planTitle}</span>
          <br />
          <span className="text-zinc-600 dark:text-zinc-400">
            {LICENSE_LABELS[order.license]} · {downloadsText(order.downloads)} ·{" "}
            {BILLING_LABELS[order.billing]}
          </span>
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
        <dd className="font-semibold" data-testid="order-status">
          {ORDER_STATUS_LABELS[order.status]}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-5 py-4">
        <dt className="text-zinc-600 dark:text-zinc-400">
          {order.total.label}
          {order.total.reason ? (
            <span className="block text-xs" data-testid="order-total-reason">
              {order.total.reason}
            </span>
          ) : null}
        </dt>
        <dd className="text-base font-bold tabular-nums" data-testid="order-total">
          {formatMoney(order.totalCents, undefined, order.currency)}
        </dd>
      </div>
    </dl>
  );
}
