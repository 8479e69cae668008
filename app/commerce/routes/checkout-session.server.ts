import { randomUUID } from "node:crypto";
import type { Session } from "react-router";
import { z } from "zod";
import { LICENSES } from "~/catalog/clips/attributes";
import { isCountry } from "~/payments/countries";
import { CURRENCIES } from "~/payments/currencies";
import { BUYER_TYPES, DEFAULT_TAX_BUYER, type TaxBuyer, VAT_NUMBER_MAX } from "~/payments/tax";
import { cookieSessionStorage } from "~/platform/http/cookies.server";
import { INT4_MAX } from "~/platform/text/id-schema";
import type { HeldCheckout } from "../checkout/checkout.server";
import { BILLINGS, type CheckoutSelection, PLAN_CATEGORIES } from "../pricing/plans";

/**
 * The checkout data, held for the browser session: a signed cookie without
 * Max-Age, so it ends with the browser session and cannot be altered by the buyer. The server
 * still re-prices from the plan table at every step; the stored price is for display only.
 */
const SelectionSchema = z.object({
  category: z.enum(PLAN_CATEGORIES),
  tierId: z.number().int().positive().max(INT4_MAX),
  billing: z.enum(BILLINGS),
  title: z.string(),
  license: z.enum(LICENSES),
  downloads: z.number().int().min(0).max(INT4_MAX),
  priceCents: z.number().int().min(0).max(INT4_MAX),
  currency: z.enum(CURRENCIES).default("EUR"),
});

interface CheckoutData {
  selection: CheckoutSelection;
  /** One key per checkout: every submit of it maps to the same order. */
  idempotencyKey: string;
  /** The code the buyer applied (already uppercased). */
  promoCode: string;
  /** The order placed by the last checkout, for /checkout/success. */
  orderId: string;
  /** The key of that order: a resubmit of the same form may find it again, no other key may. */
  placedIdempotencyKey: string;
  /** What the buyer last chose that decides the VAT ("Update"), so the summary shows their rate. */
  taxBuyer: TaxBuyer;
  /**
   * The clip the buyer was downloading when sent to choose a plan: it stays after the order is
   * placed, so /checkout/success leads back to its download step.
   */
  clipId: number;
}

export type CheckoutSession = Session<CheckoutData>;

let storage: ReturnType<typeof cookieSessionStorage<CheckoutData>> | undefined;
const checkoutStorage = () => (storage ??= cookieSessionStorage<CheckoutData>("verdeo_checkout"));

export function getCheckoutSession(request: Request): Promise<CheckoutSession> {
  return checkoutStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The cookie to send back. With `placedOrderId` the checkout is completed first (its data cleared,
 * the order kept for /checkout/success), so placing an order writes the cookie in one step.
 */
export function commitCheckoutSession(session: CheckoutSession, placedOrderId?: string): Promise<string> {
  if (placedOrderId) completeCheckout(session, placedOrderId);
  return checkoutStorage().commitSession(session);
}

/** The checkout session of a request and the checkout it holds (null when none), in one read. */
export async function openCheckout(request: Request) {
  const session = await getCheckoutSession(request);
  return { session, held: readCheckout(session) };
}

const TaxBuyerHeldSchema = z.object({
  country: z.string().refine(isCountry),
  buyerType: z.enum(BUYER_TYPES),
  vatNumber: z.string().max(VAT_NUMBER_MAX).nullable(),
  subdivision: z.string().max(8).nullish(),
});

/** The checkout in progress, or null when none is held. */
export function readCheckout(session: CheckoutSession): HeldCheckout | null {
  const selection = SelectionSchema.safeParse(session.get("selection"));
  const idempotencyKey = session.get("idempotencyKey");
  if (!selection.success || typeof idempotencyKey !== "string") return null;
  const promoCode = session.get("promoCode");
  const taxBuyer = TaxBuyerHeldSchema.safeParse(session.get("taxBuyer"));
  return {
    selection: selection.data,
    idempotencyKey,
    promoCode: promoCode || null,
    taxBuyer: taxBuyer.success ? taxBuyer.data : DEFAULT_TAX_BUYER,
    clipId: readClipId(session),
  };
}

/** Whether the buyer chose what decides the VAT in this checkout (else a returning buyer's last order may). */
export const hasTaxBuyer = (session: CheckoutSession) => session.has("taxBuyer");

/** The clip this checkout (or the order it placed) licenses, or null. Checked again where it is shown. */
export function readClipId(session: CheckoutSession): number | null {
  const id = z.number().int().positive().max(INT4_MAX).safeParse(session.get("clipId"));
  return id.success ? id.data : null;
}

export function setTaxBuyer(session: CheckoutSession, buyer: TaxBuyer) {
  session.set("taxBuyer", buyer);
}

/** A new choice on /pricing starts a new checkout: a fresh key, no promo, and the clip it was for (if any). */
export function startCheckout(session: CheckoutSession, selection: CheckoutSelection, clipId: number | null) {
  session.set("selection", selection);
  session.set("idempotencyKey", randomUUID());
  session.unset("promoCode");
  if (clipId) session.set("clipId", clipId);
  else session.unset("clipId");
}

export function setAppliedPromo(session: CheckoutSession, code: string | null) {
  if (code) session.set("promoCode", code);
  else session.unset("promoCode");
}

/** Once the order is placed the checkout data is cleared; the order id (and the clip it was for) stay. */
export function completeCheckout(session: CheckoutSession, orderId: string) {
  const key = session.get("idempotencyKey");
  if (typeof key === "string") session.set("placedIdempotencyKey", key);
  session.unset("selection");
  session.unset("idempotencyKey");
  session.unset("promoCode");
  session.unset("taxBuyer");
  session.set("orderId", orderId);
}

/**
 * True when `key` is the idempotency key of the order this browser session placed last. Keys are
 * random, but one seen elsewhere (a shared screen, a log) must still not open another buyer's order.
 */
export function isOwnPlacedKey(session: CheckoutSession, key: unknown): key is string {
  const own = session.get("placedIdempotencyKey");
  return typeof key === "string" && typeof own === "string" && key.length > 0 && key === own;
}

export function readPlacedOrderId(session: CheckoutSession): string | null {
  const id = session.get("orderId");
  return typeof id === "string" && z.uuid().safeParse(id).success ? id : null;
}
