import type { PromoRefusal } from "./checkout-schema";
import type { Order } from "./order.queries.server";
import { shortOrderId } from "./order-id";
import { findActiveTier, type PricedTier } from "./plan.queries.server";
import { billingsFor, type CheckoutSelection } from "./plans";
import { computeOrderAmounts, type OrderAmounts } from "./pricing-math";
import { checkPromoCode } from "./promo.server";
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
  const tier = await findActiveTier(selection.category, selection.tierId);
  if (!tier) return null;
  const promo = promoCode ? await checkPromoCode(promoCode, now) : null;
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
