import { BASE_CURRENCY, type Currency, type EurRate, fromEuroCents } from "~/payments/currencies";
import type { TaxBuyer, TaxRules } from "~/payments/tax";
import type { PromoRefusal } from "../checkout/checkout-schema";
import { normalizePromoCode, PROMO_CODE_MAX } from "../checkout/checkout-schema";
import { billingsFor, type CheckoutSelection, type PlanCategory, type PlanView } from "./plans";
import { computeOrderAmounts, divideRoundHalfUp, type OrderAmounts, type PromoTerms } from "./pricing-math";
import { type PromoCheck, type PromoRow, promoVerdict } from "./promo-rules";
import { type ConfirmedTax, confirmTax, type VatCheckView } from "./vat-confirmation";

/** A tier of an active plan, as an order is priced from it. */
export interface PricedTier {
  category: PlanCategory;
  title: string;
  licenseKind: PlanView["licenseKind"];
  tierId: number;
  downloads: number;
  /** The tier's price in `currency`'s minor units (decision 0026). */
  priceCents: number;
  currency: Currency;
}

export interface Quote {
  tier: PricedTier;
  billing: CheckoutSelection["billing"];
  amounts: OrderAmounts;
  /** The applied code when it still grants a discount. */
  promoCode: string | null;
  /** Why an applied code no longer counts (expired, deactivated, lookup failed). */
  promoRefusal: PromoRefusal | null;
  /**
   * The VAT rate and its reason with the VAT number's check that allowed a reverse charge or not,
   * or why the buyer's VAT number is refused (then amounts carry no VAT, or for a number its register
   * rejected the VAT without it).
   */
  tax: ConfirmedTax;
}

export type Selection = Pick<CheckoutSelection, "category" | "tierId" | "billing">;

/** The applied code as it is looked up: normalised, or null when there is none to look up. */
export function promoCodeToRead(promoCode: string | null) {
  const code = promoCode ? normalizePromoCode(promoCode) : null;
  return code && code.length <= PROMO_CODE_MAX ? code : null;
}

/**
 * Prices a selection from the rows read for it (the tier, and the applied code's row), the promo
 * rules and the tax rules at `now` under the seller's registrations (`rules`, from the
 * configuration), a reverse charge only with the VAT number's `vatCheck` confirmed
 * (vat-confirmation.ts). Pure: the checkout page and placing an order read the rows
 * their own way and price alike. Null when the tier or the billing is not offered any more.
 */
export function quoteFrom(
  selection: Selection,
  rows: {
    tier: PricedTier;
    promo: PromoRow | null;
    promoLookupFailed?: boolean;
    /** Units of the tier's currency per euro: a fixed code (in euro cents) is worth this much. */
    eurRate?: EurRate | null;
  } | null,
  promoCode: string | null,
  buyer: TaxBuyer,
  now: Date,
  rules: TaxRules,
  vatCheck: VatCheckView | null = null,
): Quote | null {
  if (!rows || !billingsFor(selection.category).includes(selection.billing)) return null;
  const promo = judgePromo(promoCode, rows, now);
  const terms = promo?.ok ? inCurrency(promo.terms, rows.tier.currency, rows.eurRate ?? null) : null;
  const tax = confirmTax(buyer, vatCheck, now, rules);
  return {
    tier: rows.tier,
    billing: selection.billing,
    amounts: amountsWithTax(
      rows.tier.priceCents,
      selection.billing,
      terms,
      // A rejected number shows what buying without it costs (the refusal says VAT is then added).
      tax.ok ? tax.rateBps : (tax.rejected?.rateBps ?? 0),
    ),
    promoCode: promo?.ok ? promo.code : null,
    promoRefusal: promo && !promo.ok ? promo.reason : null,
    tax,
  };
}

/**
 * The order's amounts at a rate in basis points. Québec's GST + QST is 1497.5 bps: a half basis
 * point is computed in tenths of one (same rounding, half up, on the taxable amount).
 */
function amountsWithTax(
  priceCents: number,
  billing: Selection["billing"],
  terms: Parameters<typeof computeOrderAmounts>[2],
  rateBps: number,
): OrderAmounts {
  if (Number.isInteger(rateBps)) return computeOrderAmounts(priceCents, billing, terms, rateBps);
  const untaxed = computeOrderAmounts(priceCents, billing, terms, 0);
  const taxable = untaxed.subtotalCents - untaxed.discountCents;
  const vatCents = divideRoundHalfUp(taxable * Math.round(rateBps * 10), 100_000);
  return { ...untaxed, vatRateBps: rateBps, vatCents, totalCents: taxable + vatCents };
}

/**
 * A fixed code's value is euro cents; in another currency it is worth its euro value at the day's
 * rate (decision 0026). Without a rate a fixed code gives nothing rather than a guessed amount.
 */
function inCurrency(terms: PromoTerms, currency: Currency, eurRate: EurRate | null): PromoTerms {
  if (terms.type !== "fixed" || currency === BASE_CURRENCY) return terms;
  return { ...terms, value: eurRate ? fromEuroCents(terms.value, currency, eurRate) : 0 };
}

function judgePromo(
  promoCode: string | null,
  rows: { promo: PromoRow | null; promoLookupFailed?: boolean },
  now: Date,
): PromoCheck | null {
  const code = promoCode ? normalizePromoCode(promoCode) : null;
  if (!code) return null;
  if (code.length > PROMO_CODE_MAX) return { ok: false, code, reason: "invalid" };
  if (rows.promoLookupFailed) return { ok: false, code, reason: "lookup_failed" };
  return promoVerdict(code, rows.promo, now);
}
