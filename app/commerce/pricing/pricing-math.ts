import { PRO_ANNUAL_DISCOUNT_PERCENT, VAT_RATE_BPS } from "~/constants";
import type { Billing, PromoType } from "./plans";

/**
 * Order arithmetic in integer cents. Rounding rule: every division rounds half up (away from
 * zero for these non-negative amounts), so 0.5 cent becomes 1 cent — the rule a buyer expects
 * from "rounded to 2 decimals". Discount first, then VAT on the discounted amount.
 */

export interface PromoTerms {
  type: PromoType;
  /** Percent (1–100) for percent codes, cents for fixed codes. */
  value: number;
}

export interface OrderAmounts {
  unitPriceCents: number;
  subtotalCents: number;
  discountCents: number;
  vatRateBps: number;
  vatCents: number;
  totalCents: number;
}

/** numerator / denominator rounded half up, for non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError("divideRoundHalfUp needs safe integers and a positive denominator");
  }
  if (numerator < 0) throw new RangeError("divideRoundHalfUp needs a non-negative numerator");
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The price of one billing period: a tier's price as is, or 12 months less the annual discount. */
export function priceForBilling(tierPriceCents: number, billing: Billing): number {
  assertCents(tierPriceCents);
  if (billing !== "annual") return tierPriceCents;
  return divideRoundHalfUp(tierPriceCents * 12 * (100 - PRO_ANNUAL_DISCOUNT_PERCENT), 100);
}

/** What a year of monthly billing would cost more than the annual price. */
export function annualSavingCents(monthlyPriceCents: number): number {
  return monthlyPriceCents * 12 - priceForBilling(monthlyPriceCents, "annual");
}

/** The discount a promo grants on a subtotal; never more than the subtotal. */
export function discountFor(subtotalCents: number, promo: PromoTerms | null): number {
  assertCents(subtotalCents);
  if (!promo) return 0;
  const discount =
    promo.type === "percent"
      ? divideRoundHalfUp(subtotalCents * Math.min(Math.max(promo.value, 0), 100), 100)
      : Math.max(promo.value, 0);
  return Math.min(discount, subtotalCents);
}

/** The whole order: one unit of the chosen tier and billing, the promo, then VAT. */
export function computeOrderAmounts(
  tierPriceCents: number,
  billing: Billing,
  promo: PromoTerms | null,
  vatRateBps: number = VAT_RATE_BPS,
): OrderAmounts {
  const unitPriceCents = priceForBilling(tierPriceCents, billing);
  const subtotalCents = unitPriceCents;
  const discountCents = discountFor(subtotalCents, promo);
  const taxable = subtotalCents - discountCents;
  const vatCents = divideRoundHalfUp(taxable * vatRateBps, 10_000);
  return {
    unitPriceCents,
    subtotalCents,
    discountCents,
    vatRateBps,
    vatCents,
    totalCents: taxable + vatCents,
  };
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
}
