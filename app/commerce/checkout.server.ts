import { randomUUID } from "node:crypto";
import { data, redirect, type Session } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/session.server";
import { LICENSES } from "~/catalog/attributes";
import { cardPaymentEnabled } from "~/platform/config.server";
import { cookieSessionStorage } from "~/platform/cookies.server";
import { type FormReply, formReply } from "~/platform/form-reply";
import { formValues, parseFormData, readForm } from "~/platform/forms.server";
import { INT4_MAX } from "~/platform/id-schema";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { redirectWithToast, type Toast } from "~/platform/toast.server";
import {
  BuyerSchema,
  CHECKOUT_RATE_LIMITED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  PROMO_REFUSAL_MESSAGES,
  type PromoRefusal,
  TaxBuyerSchema,
} from "./checkout-schema";
import { isCountry } from "./countries";
import { placeOrder } from "./order-lifecycle.server";
import { findOrderByIdempotencyKey, type Quote, quoteCheckout } from "./orders.server";
import { BILLINGS, type CheckoutSelection, PLAN_CATEGORIES } from "./plans";
import { lookUpPromoCode } from "./promo.server";
import { BUYER_TYPES, DEFAULT_TAX_BUYER, decideTax, describeTax, type TaxBuyer, VAT_NUMBER_MAX } from "./tax";

/**
 * The checkout, in one place: the cookie that holds what the buyer chose while they check out, and
 * the checkout form's intents (update the VAT, apply or remove a code, place the order), each one
 * function, with the cookie read once and written once per request. See docs/decisions/0013.
 */

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

export interface HeldCheckout {
  selection: CheckoutSelection;
  idempotencyKey: string;
  promoCode: string | null;
  taxBuyer: TaxBuyer;
}

const TaxBuyerHeldSchema = z.object({
  country: z.string().refine(isCountry),
  buyerType: z.enum(BUYER_TYPES),
  vatNumber: z.string().max(VAT_NUMBER_MAX).nullable(),
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
  };
}

export function setTaxBuyer(session: CheckoutSession, buyer: TaxBuyer) {
  session.set("taxBuyer", buyer);
}

/** A new choice on /pricing starts a new checkout: a fresh key and no promo. */
export function startCheckout(session: CheckoutSession, selection: CheckoutSelection) {
  session.set("selection", selection);
  session.set("idempotencyKey", randomUUID());
  session.unset("promoCode");
}

export function setAppliedPromo(session: CheckoutSession, code: string | null) {
  if (code) session.set("promoCode", code);
  else session.unset("promoCode");
}

/** Once the order is placed the checkout data is cleared; only the order id stays. */
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

// ---------------------------------------------------------------- the form and its intents

/**
 * What the checkout form is answered: a refusal (a promo code's beside the `promoCode` field), or an
 * applied or removed code with the buyer's fields to fill in again (the page reloads without JavaScript).
 */
export type CheckoutActionData = (FormReply | { ok: true; values: Record<string, string> }) & {
  /**
   * The figures for what the buyer chose in this submit. A page reloaded without JavaScript runs
   * its loader with the cookie as it came in, before this answer changed it: it shows these.
   */
  summary?: CheckoutSummary;
};

export interface CheckoutSummary {
  amounts: Quote["amounts"];
  taxReason: string | null;
}

/** The summary of the checkout the session now holds, or undefined if it no longer prices. */
export async function summaryOf(held: HeldCheckout): Promise<CheckoutSummary | undefined> {
  const quote = await quoteCheckout(held.selection, held.promoCode, held.taxBuyer);
  if (!quote) return undefined;
  return {
    amounts: quote.amounts,
    taxReason: quote.tax.ok ? describeTax(quote.tax.reason, held.taxBuyer.country) : null,
  };
}

export const PLAN_GONE_MESSAGE = "That plan is no longer available. Please choose a plan again.";

/** One submit of the checkout form, as each intent sees it. */
interface CheckoutSubmit {
  request: Request;
  form: FormData;
  values: Record<string, string>;
  session: CheckoutSession;
  held: HeldCheckout;
  clientIp: string;
  requestId: string;
}

/** What an intent answers; the action adds the checkout cookie to it, once. */
type Answer =
  | { redirect: string; toast?: Toast; placedOrderId?: string }
  | { reply: CheckoutActionData; status?: number; headers?: Record<string, string> };

const INTENTS = {
  update: updateTax,
  "apply-promo": applyPromo,
  "remove-promo": removePromo,
  "place-order": placeCheckoutOrder,
} satisfies Record<string, (submit: CheckoutSubmit) => Promise<Answer>>;

/**
 * The checkout form's three buttons, one function each. Only the buyer's own fields are read from
 * the form; prices, discount and VAT come from the server.
 */
export async function checkoutAction(request: Request, clientIp: string, requestId: string) {
  const form = await readForm(request);
  const { session, held } = await openCheckout(request);
  const intent = String(form.get("intent") ?? "place-order");
  const answer = !held
    ? await resumePlacedCheckout(form, session, intent)
    : Object.hasOwn(INTENTS, intent)
      ? await INTENTS[intent as keyof typeof INTENTS]({
          request,
          form,
          values: formValues(form),
          session,
          held,
          clientIp,
          requestId,
        })
      : { reply: formReply("Unknown action."), status: 400 };
  if ("reply" in answer && held && (intent === "update" || intent === "place-order")) {
    // A refused order keeps what the buyer chose for the VAT, and its summary is quoted for it.
    if (intent === "place-order") rememberTaxBuyer(form, session, answer.reply.values);
    const now = readCheckout(session);
    if (now) answer.reply = { ...answer.reply, summary: await summaryOf(now) };
  }
  // A visitor with no checkout at all gets no cookie.
  const placedOrderId = "redirect" in answer ? answer.placedOrderId : undefined;
  const cookie =
    Object.keys(session.data).length > 0 || placedOrderId
      ? await commitCheckoutSession(session, placedOrderId)
      : null;
  return respond(answer, cookie ? { "Set-Cookie": cookie } : {});
}

function respond(answer: Answer, cookie: Record<string, string>) {
  if ("redirect" in answer) {
    const init = { headers: cookie };
    return answer.toast
      ? redirectWithToast(answer.redirect, answer.toast, init)
      : redirect(answer.redirect, init);
  }
  return data(answer.reply, { status: answer.status, headers: { ...answer.headers, ...cookie } });
}

/**
 * A resubmit after the order was placed (the checkout data is gone) shows that order. Only the
 * session that placed the order may find it by its key.
 */
async function resumePlacedCheckout(
  form: FormData,
  session: CheckoutSession,
  intent: string,
): Promise<Answer> {
  const key = form.get("idempotencyKey");
  const placed =
    intent === "place-order" && isOwnPlacedKey(session, key) ? await findOrderByIdempotencyKey(key) : null;
  if (!placed) return { redirect: "/pricing" };
  return { redirect: "/checkout/success", placedOrderId: placed.id };
}

async function applyPromo({ values, session, clientIp }: CheckoutSubmit): Promise<Answer> {
  const result = await lookUpPromoCode(values.promoCode ?? "", clientIp);
  if (!result.ok) return { reply: promoRefusal(result.reason, values), status: 400 };
  setAppliedPromo(session, result.code);
  return { reply: { ok: true, values: { ...values, promoCode: "" } } };
}

/**
 * "Update": the country, buyer type or VAT number changed; the summary is quoted again with them
 * (the page's script submits this on change; without JavaScript the Update button does).
 */
async function updateTax({ form, values, session }: CheckoutSubmit): Promise<Answer> {
  const refusal = rememberTaxBuyer(form, session, values);
  return refusal ? { reply: refusal, status: 400 } : { reply: { ok: true, values } };
}

/** Keeps what decides the VAT in the checkout, so the summary shows it; or the refusal to show. */
function rememberTaxBuyer(form: FormData, session: CheckoutSession, values: Record<string, string>) {
  const parsed = parseFormData(form, TaxBuyerSchema);
  if (!parsed.ok) return parsed.reply;
  const tax = decideTax(parsed.data, new Date());
  if (!tax.ok) return formReply(null, { fieldErrors: { vatNumber: tax.message }, values });
  setTaxBuyer(session, { ...parsed.data, vatNumber: tax.vatNumber });
  return null;
}

async function removePromo({ values, session }: CheckoutSubmit): Promise<Answer> {
  setAppliedPromo(session, null);
  return { reply: { ok: true, values: { ...values, promoCode: "" } } };
}

async function placeCheckoutOrder(submit: CheckoutSubmit): Promise<Answer> {
  const { request, form, values, session, held, clientIp, requestId } = submit;
  const failed = { reply: formReply(ORDER_FAILED_MESSAGE, { values }), status: 500 };
  // Every submit counts, valid or not, so neither orders nor junk can be posted in bulk.
  const limit = await enforceRateLimit("checkout", { ip: clientIp }).catch((error) => {
    logger.error({ err: error, requestId }, "checkout rate limit check failed");
    return null;
  });
  if (!limit) return failed;
  if (!limit.allowed) {
    return {
      reply: formReply(CHECKOUT_RATE_LIMITED_MESSAGE, { values }),
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }
  const buyer = parseFormData(form, BuyerSchema);
  if (!buyer.ok) return { reply: buyer.reply, status: 400 };
  try {
    const user = await getOptionalUser(request);
    const result = await placeOrder({
      selection: held.selection,
      promoCode: held.promoCode,
      buyer: buyer.data,
      locale: buyerLocale(request),
      // orders.user_id references profiles: a session without a profile yet orders as a guest.
      userId: user?.hasProfile ? user.id : null,
      idempotencyKey: held.idempotencyKey,
    });
    if (!result.ok && result.reason === "unavailable") {
      session.unset("selection");
      return { redirect: "/pricing", toast: { message: PLAN_GONE_MESSAGE, type: "error" } };
    }
    if (!result.ok && result.reason === "tax") {
      return { reply: formReply(null, { fieldErrors: { vatNumber: result.message }, values }), status: 400 };
    }
    if (!result.ok) {
      // The applied code stopped counting since it was applied: refuse, and drop it so the buyer can go on.
      setAppliedPromo(session, null);
      return { reply: promoRefusal(result.refusal, values), status: 409 };
    }
    // With card payment on, /checkout/pay hands the buyer to Stripe for this order.
    return {
      redirect: cardPaymentEnabled() ? "/checkout/pay" : "/checkout/success",
      placedOrderId: result.order.id,
    };
  } catch (error) {
    logger.error({ err: error, requestId }, "placing an order failed");
    return failed;
  }
}

/** A promo code refused: said beside the code field, whatever else was typed is kept. */
function promoRefusal(refusal: PromoRefusal, values: Record<string, string>) {
  return formReply(null, { fieldErrors: { promoCode: PROMO_REFUSAL_MESSAGES[refusal] }, values });
}

/** The buyer's first language from Accept-Language, for formatting their documents' amounts. */
function buyerLocale(request: Request): string {
  const first = request.headers.get("Accept-Language")?.split(",")[0]?.split(";")[0]?.trim() ?? "";
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(first)) return "en";
  try {
    return Intl.getCanonicalLocales(first)[0] ?? "en";
  } catch {
    return "en";
  }
}
