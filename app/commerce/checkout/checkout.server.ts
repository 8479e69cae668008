import type { SessionUser } from "~/accounts/auth/session.server";
import type { Currency } from "~/payments/currencies";
import { describeTax, type TaxBuyer } from "~/payments/tax";
import { cardPaymentEnabled } from "~/platform/config.server";
import { type PlaceOrderResult, placeOrder } from "../orders/order-lifecycle.server";
import { type Quote, quoteCheckout } from "../orders/orders.server";
import type { CheckoutSelection } from "../pricing/plans";
import type { Buyer } from "./checkout-schema";

/**
 * The checkout's business rules: what a held checkout costs, and placing its order. The checkout
 * form's controller (routes/checkout.action.server.ts) reads the form and the cookie
 * (routes/checkout-session.server.ts) and answers HTTP; see docs/decisions/0013.
 */

/** What the buyer chose and keeps while checking out (held in the checkout cookie). */
export interface HeldCheckout {
  selection: CheckoutSelection;
  idempotencyKey: string;
  promoCode: string | null;
  taxBuyer: TaxBuyer;
  /** The clip the buyer was downloading when sent to choose a plan (validated when shown). */
  clipId: number | null;
}

export interface CheckoutSummary {
  amounts: Quote["amounts"];
  /** The currency of `amounts` (minor units). */
  currency: Currency;
  taxReason: string | null;
}

/** The summary of the checkout the session now holds, or undefined if it no longer prices. */
export async function summaryOf(held: HeldCheckout): Promise<CheckoutSummary | undefined> {
  const quote = await quoteCheckout(
    held.selection,
    held.promoCode,
    held.taxBuyer,
    undefined,
    held.selection.currency,
  );
  if (!quote) return undefined;
  return {
    amounts: quote.amounts,
    currency: quote.tier.currency,
    taxReason: quote.tax.ok ? describeTax(quote.tax.reason, held.taxBuyer.country) : null,
  };
}

export type PlaceHeldCheckoutResult =
  | { ok: true; value: { orderId: string; payByCard: boolean } }
  | Exclude<PlaceOrderResult, { ok: true }>;

/**
 * Places the order of a held checkout, priced again from the plan table. A signed-in member orders as
 * themselves; a session without a profile yet orders as a guest (orders reference profiles). With card
 * payment on, the order is paid by card next.
 */
export async function placeHeldCheckout(input: {
  held: HeldCheckout;
  buyer: Buyer;
  user: SessionUser | null;
  locale: string;
}): Promise<PlaceHeldCheckoutResult> {
  const { held, buyer, user, locale } = input;
  const result = await placeOrder({
    selection: held.selection,
    promoCode: held.promoCode,
    buyer,
    locale,
    currency: held.selection.currency,
    userId: user?.hasProfile ? user.id : null,
    idempotencyKey: held.idempotencyKey,
  });
  if (!result.ok) return result;
  return { ok: true, value: { orderId: result.order.id, payByCard: cardPaymentEnabled() } };
}
