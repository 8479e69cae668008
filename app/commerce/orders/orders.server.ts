import { BASE_CURRENCY, type Currency } from "~/payments/currencies";
import { rateForDay } from "~/payments/rates/exchange-rates.server";
import type { TaxBuyer } from "~/payments/tax";
import { taxRules } from "~/payments/taxes/tax-rules.server";
import { logger } from "~/platform/logger.server";
import { promoCodeToRead, type Quote, quoteFrom, type Selection } from "../pricing/quote";
import type { VatCheckView } from "../pricing/vat-confirmation";
import { findActiveTier, findPricing, type Order } from "./order.queries.server";
import { shortOrderId } from "./order-id";

export type { Quote } from "../pricing/quote";

/**
 * Prices a selection from the plan table, the promo code and the tax rules (with the seller's
 * configured registrations) as they are now. Null
 * when the plan, tier or billing no longer exists (the buyer must choose again).
 */
export async function quoteCheckout(
  selection: Selection,
  promoCode: string | null,
  buyer: TaxBuyer,
  vatCheck: VatCheckView | null = null,
  now = new Date(),
  currency: Currency = BASE_CURRENCY,
): Promise<Quote | null> {
  const [pricing, rate] = await Promise.all([
    readPricing(selection, promoCode, currency),
    rateForDay(currency, now.toISOString().slice(0, 10)),
  ]);
  const rows = pricing ? { ...pricing, eurRate: rate?.rate ?? null } : null;
  return quoteFrom(selection, rows, promoCode, buyer, now, taxRules(), vatCheck);
}

/**
 * The tier and the applied code in one read. A failing read of the code (the tier alone still
 * reads) prices without it, and the quote says the lookup failed.
 */
async function readPricing(selection: Selection, promoCode: string | null, currency: Currency) {
  const code = promoCodeToRead(promoCode);
  if (!code) {
    const tier = await findActiveTier(selection.category, selection.tierId, currency);
    return tier ? { tier, promo: null } : null;
  }
  try {
    return await findPricing(selection.category, selection.tierId, code, currency);
  } catch (error) {
    logger.error({ err: error, code }, "promo code lookup failed");
    const tier = await findActiveTier(selection.category, selection.tierId, currency);
    return tier ? { tier, promo: null, promoLookupFailed: true } : null;
  }
}

export {
  type CreditNote,
  findInvoiceOfOrder,
  type Invoice,
  listCreditNotesOfOrder,
  listInvoiceNumbers,
} from "../billing/invoice.queries.server";
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
    currency: order.currency,
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
