import { logger } from "~/platform/logger.server";
import type { PromoRefusal } from "./checkout-schema";
import { normalizePromoCode, PROMO_CODE_MAX } from "./checkout-schema";
import type { Order } from "./order.queries.server";
import { shortOrderId } from "./order-id";
import { findActiveTier, findPricing, type PricedTier } from "./plan.queries.server";
import { billingsFor, type CheckoutSelection } from "./plans";
import { computeOrderAmounts, type OrderAmounts } from "./pricing-math";
import { type PromoCheck, promoVerdict } from "./promo-rules";
import { decideTax, type TaxBuyer, type TaxDecision } from "./tax";

export interface Quote {
  tier: PricedTier;
  billing: CheckoutSelection["billing"];
  amounts: OrderAmounts;
  /** The applied code when it still grants a discount. */
  promoCode: string | null;
  /** Why an applied code no longer counts (expired, deactivated, lookup failed). */
  promoRefusal: PromoRefusal | null;
  /** The VAT rate and its reason, or why the buyer's VAT number is refused (then amounts carry no VAT). */
  tax: TaxDecision;
}

/**
 * Prices a selection from the plan table, the promo code and the VAT rules as they are now. Null
 * when the plan, tier or billing no longer exists (the buyer must choose again).
 */
export async function quoteCheckout(
  selection: Pick<CheckoutSelection, "category" | "tierId" | "billing">,
  promoCode: string | null,
  buyer: TaxBuyer,
  now = new Date(),
): Promise<Quote | null> {
  if (!billingsFor(selection.category).includes(selection.billing)) return null;
  const priced = await readPricing(selection, promoCode, now);
  if (!priced) return null;
  const { tier, promo } = priced;
  const terms = promo?.ok ? promo.terms : null;
  const tax = decideTax(buyer, now);
  return {
    tier,
    billing: selection.billing,
    amounts: computeOrderAmounts(tier.priceCents, selection.billing, terms, tax.ok ? tax.rateBps : 0),
    promoCode: promo?.ok ? promo.code : null,
    promoRefusal: promo && !promo.ok ? promo.reason : null,
    tax,
  };
}

/**
 * The tier and the applied code in one read (plan.queries), judged by the promo rules. A failing
 * read of the code (the tier alone still reads) prices without it and says the lookup failed.
 */
async function readPricing(
  selection: Pick<CheckoutSelection, "category" | "tierId">,
  promoCode: string | null,
  now: Date,
): Promise<{ tier: PricedTier; promo: PromoCheck | null } | null> {
  const code = promoCode ? normalizePromoCode(promoCode) : null;
  if (!code || code.length > PROMO_CODE_MAX) {
    const tier = await findActiveTier(selection.category, selection.tierId);
    return tier ? { tier, promo: code ? { ok: false, code, reason: "invalid" } : null } : null;
  }
  try {
    const found = await findPricing(selection.category, selection.tierId, code);
    return found ? { tier: found.tier, promo: promoVerdict(code, found.promo, now) } : null;
  } catch (error) {
    logger.error({ err: error, code }, "promo code lookup failed");
    const tier = await findActiveTier(selection.category, selection.tierId);
    return tier ? { tier, promo: { ok: false, code, reason: "lookup_failed" } } : null;
  }
}

export {
  type CreditNote,
  findCreditNoteOfOrder,
  findInvoiceOfOrder,
  type Invoice,
  listInvoiceNumbers,
} from "./invoice.queries.server";
export type { Order } from "./order.queries.server";
/** An order's facts as the success page and the order page show them (`OrderFacts`). */
export function orderFactsOf(order: Order & { planTitle: string }) {
  return {
    orderNumber: shortOrderId(order.id),
    planTitle: order.planTitle,
    license: order.licenseKind,
    billing: order.billing,
    downloads: order.downloads,
    totalCents: order.totalCents,
    status: order.status,
  };
}

// Reading orders: the pages and the domains above commerce read them through these.
export {
  findOrderAwaitingPayment,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderWithPlanTitle,
  listOrdersOfUser,
} from "./order.queries.server";
