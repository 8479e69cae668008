import type { InputHTMLAttributes } from "react";
import { BASE_CURRENCY, type Currency } from "~/payments/currencies";
import { eurosValue } from "../money";
import { FieldFrame } from "./fields";

/**
 * An amount typed in euros ("49.90"), or in an order's currency; the server reads it with
 * `eurosField` (`amountField`) and stores minor units.
 * `cents` fills it with a stored amount; `value` (what was sent) wins after a refused submit.
 */
export function MoneyInput({
  label,
  cents,
  value,
  compact,
  className,
  currency = BASE_CURRENCY,
  ...input
}: {
  label: string;
  name: string;
  cents?: number | null;
  value?: string;
  compact?: boolean;
  className?: string;
  /** The symbol shown in front (euros unless the amount is an order's in another currency). */
  currency?: Currency;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className" | "value" | "defaultValue" | "type">) {
  const symbol = currencySymbol(currency);
  return (
    <FieldFrame
      {...{ label, compact, className }}
      control={(props) => (
        <div className={`relative ${compact ? "" : "mt-1"}`}>
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-zinc-600 dark:text-zinc-400"
          >
            {symbol}
          </span>
          <input
            {...props}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={value ?? eurosValue(cents)}
            className={`${props.className.replace("mt-1 ", "")} ${symbol.length > 1 ? "pl-12" : "pl-7"} tabular-nums`}
            {...input}
          />
        </div>
      )}
    />
  );
}

/** "€", "$", "£", "CHF", "¥": the symbol the currency's own locale writes. */
function currencySymbol(currency: Currency) {
  const parts = new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
  }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}
