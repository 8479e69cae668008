import { VAT_RATE_BPS } from "~/constants";
import { ordersTotal } from "~/platform/metrics/business.server";
import type { Buyer, PromoRefusal } from "./checkout-schema";
import {
  findOrderByIdempotencyKey,
  insertOrderOnce,
  type Order,
  PromoRedemptionRefused,
} from "./order.queries.server";
import { findActiveTier, type PricedTier } from "./plan.queries.server";
import { billingsFor, type CheckoutSelection } from "./plans";
import { computeOrderAmounts, type OrderAmounts } from "./pricing-math";
import { checkPromoCode } from "./promo.server";

export interface Quote {
  tier: PricedTier;
  billing: CheckoutSelection["billing"];
  amounts: OrderAmounts;
  /** The applied code when it still grants a discount. */
  promoCode: string | null;
  /** Why an applied code no longer counts (expired, deactivated, lookup failed). */
  promoRefusal: PromoRefusal | null;
}

/**
 * Prices a selection from the plan table and the promo code as they are now. Null when the plan,
 * tier or billing no longer exists (the buyer must choose again).
 */
export async function quoteCheckout(
  selection: Pick<CheckoutSelection, "category" | "tierId" | "billing">,
  promoCode: string | null,
  now = new Date(),
): Promise<Quote | null> {
  if (!billingsFor(selection.category).includes(selection.billing)) return null;
  const tier = await findActiveTier(selection.category, selection.tierId);
  if (!tier) return null;
  const promo = promoCode ? await checkPromoCode(promoCode, now) : null;
  const terms = promo?.ok ? promo.terms : null;
  return {
    tier,
    billing: selection.billing,
    amounts: computeOrderAmounts(tier.priceCents, selection.billing, terms, VAT_RATE_BPS),
    promoCode: promo?.ok ? promo.code : null,
    promoRefusal: promo && !promo.ok ? promo.reason : null,
  };
}

export interface PlaceOrderInput {
  selection: Pick<CheckoutSelection, "category" | "tierId" | "billing">;
  /** The code the buyer applied, re-checked now; never a discount amount. */
  promoCode: string | null;
  buyer: Omit<Buyer, "terms">;
  userId: string | null;
  idempotencyKey: string;
  now?: Date;
}

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "promo"; refusal: PromoRefusal }
  | { ok: false; reason: "unavailable" };

/**
 * Places one pending order for one checkout. Everything is recomputed here from the plan table
 * and the promo code; a repeat with the same idempotency key returns the first order.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  // A retry of a checkout that already succeeded gets its order back, even if a code expired since.
  const existing = await findOrderByIdempotencyKey(input.idempotencyKey);
  if (existing) return { ok: true, order: existing, created: false };

  const quote = await quoteCheckout(input.selection, input.promoCode, input.now);
  if (!quote) return { ok: false, reason: "unavailable" };
  if (quote.promoRefusal) return { ok: false, reason: "promo", refusal: quote.promoRefusal };

  const now = input.now ?? new Date();
  const promo = quote.promoCode
    ? { code: quote.promoCode, customer: input.buyer.email.trim().toLowerCase(), now }
    : undefined;
  try {
    const { order, created } = await insertOrderOnce(newOrder(input, quote), promo);
    if (created) ordersTotal.inc({ event: "placed" });
    return { ok: true, order, created };
  } catch (error) {
    if (!(error instanceof PromoRedemptionRefused)) throw error;
    if (error.reason === "customer_limit") {
      return { ok: false, reason: "promo", refusal: "customer_limit" };
    }
    // Used up, deactivated or expired between the quote and now: say which.
    const recheck = await checkPromoCode(promo!.code, now);
    return { ok: false, reason: "promo", refusal: recheck.ok ? "used_up" : recheck.reason };
  }
}

function newOrder(input: PlaceOrderInput, quote: Quote) {
  const { amounts, tier } = quote;
  return {
    idempotencyKey: input.idempotencyKey,
    planCategory: tier.category,
    licenseKind: tier.licenseKind,
    billing: quote.billing,
    downloads: tier.downloads,
    unitPriceCents: amounts.unitPriceCents,
    subtotalCents: amounts.subtotalCents,
    promoCode: quote.promoCode,
    promoValueCents: amounts.discountCents,
    vatRateBps: amounts.vatRateBps,
    vatAmountCents: amounts.vatCents,
    totalCents: amounts.totalCents,
    email: input.buyer.email,
    company: input.buyer.company,
    country: input.buyer.country,
    userId: input.userId,
  };
}

/** An order with its plan's title: the checkout's thank-you page and the staff order page show it. */
export { findOrderWithPlanTitle } from "./order.queries.server";
