import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/button";
import { useT } from "~/platform/i18n/i18n";
import { CURRENCIES, type Currency } from "../currencies";

/**
 * What each currency is called in the page's language (decision 0026 lists the currencies sold in):
 * from the catalogue, not `Intl.DisplayNames`, whose names differ between the server's and the
 * browser's ICU and would not hydrate.
 */
export const CURRENCY_NAME_KEYS: Record<Currency, string> = {
  EUR: "common.currency.name.EUR",
  USD: "common.currency.name.USD",
  GBP: "common.currency.name.GBP",
  CHF: "common.currency.name.CHF",
  JPY: "common.currency.name.JPY",
};

/**
 * The visitor's currency: a select and a button posting to /resources/currency, which keeps the
 * choice in the `currency` cookie and sends the visitor back. A plain form, so it works without
 * JavaScript and by keyboard. `id` keeps two switchers on one page (footer and /pricing) apart.
 */
export function CurrencySwitcher({
  current,
  id,
  label,
  className = "",
}: {
  current: Currency;
  id: string;
  /** The form's name as a landmark: two switchers on a page need two names. */
  label?: string;
  className?: string;
}) {
  const location = useLocation();
  const t = useT();
  const selectId = `${id}-currency`;
  return (
    <Form
      method="post"
      action="/resources/currency"
      reloadDocument
      className={`flex flex-wrap items-end gap-2 ${className}`}
      aria-label={label ?? t("common.currency.label")}
    >
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={selectId} className="grid gap-1 text-sm">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{t("common.currency.pricesIn")}</span>
        <select
          id={selectId}
          name="currency"
          defaultValue={current}
          key={current}
          className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {t(CURRENCY_NAME_KEYS[currency])}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("secondary", "py-2")}>
        {t("common.currency.change")}
      </button>
    </Form>
  );
}
