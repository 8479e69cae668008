import type { SessionUser } from "~/accounts/auth/session.server";
import type { Currency } from "~/payments/currencies";
import type { TaxBuyer } from "~/payments/tax";
import { cardPaymentEnabled } from "~/platform/config.server";
import { DEFAULT_LOCALE, type Locale, type PageLocale } from "~/platform/i18n/locales";
import type { VatCheckState } from "../components/vat-check-notice";
import { type PlaceOrderResult, placeOrder } from "../orders/order-lifecycle.server";
import { type Quote, quoteCheckout } from "../orders/orders.server";
import type { CheckoutSelection } from "../pricing/plans";
import { vatCheckForBuyer } from "../pricing/vat-check.server";
import type { Buyer } from "./checkout-schema";
import { taxWordingIn } from "./tax-wording.server";

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
  /** The tax line's name: "VAT", "GST", "GST + QST (Québec)". */
  taxName: string;
  /** The business's VAT number check, when it decides the reverse charge. */
  vatCheck: VatCheckState | null;
  /** Why the VAT number is refused (malformed, or the register does not know it), said on its field. */
  vatNumberError: string | null;
}

/**
 * Quotes a checkout for a buyer, with their VAT number's check (queued when missing or stale: the
 * register answers through a job, and the page reads it again).
 */
export async function quoteForBuyer(held: Pick<HeldCheckout, "selection" | "promoCode">, taxBuyer: TaxBuyer) {
  const check = await vatCheckForBuyer(taxBuyer);
  return quoteCheckout(held.selection, held.promoCode, taxBuyer, check, undefined, held.selection.currency);
}

/** The figures and tax notes a quote shows the buyer, the notes in the page's language. */
export function summaryOfQuote(
  quote: Quote,
  buyer: TaxBuyer,
  locale: PageLocale = DEFAULT_LOCALE,
): CheckoutSummary {
  const { tax } = quote;
  const vatCheck =
    tax.ok && tax.vatCheck && tax.vatNumber ? { vatNumber: tax.vatNumber, ...tax.vatCheck } : null;
  const texts = taxTextsOf(tax, buyer, locale, !!vatCheck && vatCheck.status !== "confirmed");
  const onItsField = !tax.ok && tax.field !== "subdivision" && tax.field !== "country";
  return {
    amounts: quote.amounts,
    currency: quote.tier.currency,
    taxName: texts.taxName,
    taxReason: texts.taxReason,
    vatCheck,
    vatNumberError: onItsField ? tax.message : null,
  };
}

/** The summary of the checkout the session now holds, or undefined if it no longer prices. */
export async function summaryOf(
  held: HeldCheckout,
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<CheckoutSummary | undefined> {
  const quote = await quoteForBuyer(held, held.taxBuyer);
  return quote ? summaryOfQuote(quote, held.taxBuyer, locale) : undefined;
}

/**
 * What the summary says about the tax: its line's name and why it is charged (or not); `pending`:
 * charged until the buyer's VAT number is confirmed.
 */
export function taxTextsOf(tax: Quote["tax"], buyer: TaxBuyer, locale: PageLocale, pending: boolean) {
  // A province still to choose, or a country not sold to, is said under the tax line too; a
  // refused VAT number is said beside its field.
  if (!tax.ok) {
    const said = tax.field === "subdivision" || tax.field === "country";
    return { taxReason: said ? tax.message : null, taxName: "VAT" };
  }
  const wording = taxWordingIn(
    locale,
    { reason: tax.reason, country: buyer.country, subdivision: buyer.subdivision },
    pending,
  );
  return { taxReason: wording.reason, taxName: wording.name };
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
  language: Locale;
}): Promise<PlaceHeldCheckoutResult> {
  const { held, buyer, user, locale, language } = input;
  const result = await placeOrder({
    selection: held.selection,
    promoCode: held.promoCode,
    buyer,
    locale,
    language,
    currency: held.selection.currency,
    userId: user?.hasProfile ? user.id : null,
    idempotencyKey: held.idempotencyKey,
  });
  if (!result.ok) return result;
  return { ok: true, value: { orderId: result.order.id, payByCard: cardPaymentEnabled() } };
}
