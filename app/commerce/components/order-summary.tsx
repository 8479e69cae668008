import type { ReactNode } from "react";
import type { Currency } from "~/payments/currencies";
import { formatRate } from "~/payments/money";
import { useI18n } from "~/platform/i18n/i18n";
import { isSubscriptionBilling } from "../billing/subscriptions";
import { moneyIn } from "../locale-format";
import {
  BILLING_LABEL_KEYS,
  downloadsLabel,
  LICENSE_LABEL_KEYS,
  RENEWAL_NOTICE_KEYS,
} from "../pricing/plan-labels";
import type { Billing } from "../pricing/plans";
import type { OrderAmounts } from "../pricing/pricing-math";

export interface SummaryItem {
  title: string;
  license: keyof typeof LICENSE_LABEL_KEYS;
  downloads: number;
  billing: Billing;
}

/** What is being bought, and the figures: subtotal, discount, VAT and total. */
export function OrderSummary({
  item,
  amounts,
  currency,
  promoCode,
  taxReason,
  taxName,
  children,
}: {
  item: SummaryItem;
  amounts: OrderAmounts;
  /** The currency of `amounts` (minor units). */
  currency: Currency;
  promoCode: string | null;
  /** Why this VAT rate (e.g. "Reverse charge"), when the checkout knows the buyer's country. */
  taxReason?: string | null;
  /** The tax's name on its line: VAT unless a country outside the EU names it otherwise (GST). */
  taxName?: string;
  children?: ReactNode;
}) {
  const { t, tag } = useI18n();
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl border border-zinc-200 bg-zinc-50 p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="summary-heading" className="text-lg font-semibold">
        {t("commerce.summary.heading")}
      </h2>
      <div className="mt-4 flex items-start justify-between gap-4 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <div>
          <p className="font-semibold" data-testid="summary-plan">
            {item.title}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t(LICENSE_LABEL_KEYS[item.license])} · {downloadsLabel(t, item.downloads)}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(BILLING_LABEL_KEYS[item.billing])}</p>
          {isSubscriptionBilling(item.billing) ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="renewal-notice">
              {t(RENEWAL_NOTICE_KEYS[item.billing])}
            </p>
          ) : null}
        </div>
        <p className="font-semibold tabular-nums">{moneyIn(tag, amounts.unitPriceCents, currency)}</p>
      </div>
      {children}
      <OrderAmountRows
        amounts={amounts}
        currency={currency}
        promoCode={promoCode}
        taxReason={taxReason}
        taxName={taxName}
      />
    </section>
  );
}

/**
 * The figures of an order, from its integer cents: subtotal, discount and the net it leaves, the VAT
 * rate and amount (and why that rate), the total. The checkout's summary and the order page show it.
 */
export function OrderAmountRows({
  amounts,
  currency,
  promoCode,
  taxReason,
  taxName = "VAT",
}: {
  amounts: OrderAmounts;
  currency: Currency;
  promoCode: string | null;
  taxReason?: string | null | undefined;
  taxName?: string | undefined;
}) {
  const { t, tag } = useI18n();
  // "GST + QST (Québec)" reads too long in a label: another tax than VAT is "tax" there.
  const vat = taxName === "VAT";
  return (
    <dl className="mt-4 grid gap-2 text-sm" data-testid="summary-amounts">
      <Row
        label={vat ? t("commerce.summary.subtotalExclVat") : t("commerce.summary.subtotalExclTax")}
        value={moneyIn(tag, amounts.subtotalCents, currency)}
        testId="subtotal"
      />
      {amounts.discountCents > 0 ? (
        <>
          <Row
            label={
              promoCode
                ? t("commerce.summary.discountCode", { code: promoCode })
                : t("commerce.summary.discount")
            }
            value={`−${moneyIn(tag, amounts.discountCents, currency)}`}
            testId="discount"
            accent
          />
          <Row
            label={vat ? t("commerce.summary.netExclVat") : t("commerce.summary.netExclTax")}
            value={moneyIn(tag, amounts.subtotalCents - amounts.discountCents, currency)}
            testId="net"
          />
        </>
      ) : null}
      <Row
        label={
          vat
            ? t("commerce.summary.vatRate", { rate: formatRate(amounts.vatRateBps) })
            : `${taxName} ${formatRate(amounts.vatRateBps)}`
        }
        value={moneyIn(tag, amounts.vatCents, currency)}
        testId="vat"
      />
      {taxReason ? (
        <div className="-mt-1">
          <dt className="sr-only">{t("commerce.summary.whyThisVat")}</dt>
          <dd
            className="text-xs text-zinc-500 dark:text-zinc-400"
            data-testid="vat-reason"
            aria-live="polite"
          >
            {taxReason}
          </dd>
        </div>
      ) : null}
      <div className="mt-2 flex items-baseline justify-between border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <dt className="text-base font-semibold">{t("commerce.summary.total")}</dt>
        <dd className="text-2xl font-bold tabular-nums" data-testid="total">
          {moneyIn(tag, amounts.totalCents, currency)}
        </dd>
      </div>
    </dl>
  );
}

function Row({
  label,
  value,
  testId,
  accent,
}: {
  label: string;
  value: string;
  testId: string;
  accent?: boolean;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd
        className={`tabular-nums ${accent ? "font-medium text-brand-700 dark:text-brand-400" : ""}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
