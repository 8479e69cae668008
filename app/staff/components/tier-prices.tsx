import { Form } from "react-router";
import { TIER_PRICE_CURRENCIES, type TierPriceCurrency } from "~/commerce/pricing/plan-admin";
import { minorUnitDigits } from "~/payments/currencies";
import { TextField } from "./fields";
import { SubmitButton } from "./staff-ui";

/** A price in minor units as staff type it: "99.00", or whole yen. */
export const majorUnits = (minor: number | undefined, currency: TierPriceCurrency) =>
  minor === undefined ? "" : minorUnitDigits(currency) === 0 ? String(minor) : (minor / 100).toFixed(2);

/**
 * A tier's prices in the other currencies, one field each, with the price suggested from the newest
 * ECB rate (price-points.ts). An empty field: the tier is not sold in that currency.
 */
export function TierPricesForm({
  category,
  tierId,
  prices,
  suggested,
}: {
  category: string;
  tierId: number;
  prices: Partial<Record<string, number>>;
  suggested: Partial<Record<TierPriceCurrency, number>>;
}) {
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" preventScrollReset>
      <input type="hidden" name="category" value={category} />
      <input type="hidden" name="tierId" value={tierId} />
      {TIER_PRICE_CURRENCIES.map((currency) => {
        const suggestion = suggested[currency];
        return (
          <TextField
            key={currency}
            compact
            label={`Price (${currency})`}
            name={`price_${currency}`}
            inputMode="decimal"
            maxLength={12}
            defaultValue={majorUnits(prices[currency], currency)}
            hint={suggestion === undefined ? "No rate" : `Suggested ${majorUnits(suggestion, currency)}`}
            className="w-32"
          />
        );
      })}
      <SubmitButton variant="secondary" name="intent" value="set-tier-prices" className="px-3 py-1">
        Save prices
      </SubmitButton>
    </Form>
  );
}
