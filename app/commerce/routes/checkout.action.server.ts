import { data, redirect } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { decideTax } from "~/payments/tax";
import { subdivisionOf } from "~/payments/taxes/subdivisions";
import { taxRules } from "~/payments/taxes/tax-rules.server";
import { type FormReply, formReply } from "~/platform/http/form-reply";
import { formValues, parseFormData, readForm } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { redirectWithToast, type Toast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n } from "~/platform/i18n/i18n";
import {
  DEFAULT_LOCALE,
  type Locale,
  localizedPath,
  type PageLocale,
  spokenLocale,
} from "~/platform/i18n/locales";
import { logger } from "~/platform/logger.server";
import {
  type CheckoutSummary,
  type HeldCheckout,
  placeHeldCheckout,
  summaryOf,
} from "../checkout/checkout.server";
import { localMessage, localReply } from "../checkout/checkout-messages";
import {
  BuyerSchema,
  CHECKOUT_RATE_LIMITED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  PROMO_REFUSAL_MESSAGES,
  type PromoRefusal,
  TaxBuyerSchema,
} from "../checkout/checkout-schema";
import { findOrderByIdempotencyKey } from "../orders/orders.server";
import { lookUpPromoCode } from "../pricing/promo.server";
import { vatCheckForBuyer, vatNumberToAsk } from "../pricing/vat-check.server";
import { vatNumberRejectedMessage } from "../pricing/vat-confirmation";
import {
  type CheckoutSession,
  commitCheckoutSession,
  isOwnPlacedKey,
  openCheckout,
  readCheckout,
  setAppliedPromo,
  setTaxBuyer,
} from "./checkout-session.server";

/**
 * The checkout form's controller: its intents (update the VAT, apply or remove a code, place the
 * order), each one function, with the checkout cookie read once and written once per request. It
 * reads the form, calls commerce's services and answers HTTP (docs/architecture.md, decision 0013).
 */

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
  /** The page's language, kept on a placed order for the buyer's mails. */
  language: Locale;
}

/** What an intent answers; the action adds the checkout cookie to it, once. */
type Answer =
  | { redirect: string; toast?: Toast; placedOrderId?: string }
  | { reply: CheckoutActionData; status?: number; headers?: Record<string, string> };

const INTENTS = {
  update: updateTax,
  "recheck-vat": updateTax,
  "apply-promo": applyPromo,
  "remove-promo": removePromo,
  "place-order": placeCheckoutOrder,
} satisfies Record<string, (submit: CheckoutSubmit) => Promise<Answer>>;

/**
 * The checkout form's three buttons, one function each. Only the buyer's own fields are read from
 * the form; prices, discount and VAT come from the server.
 */
export async function checkoutAction(
  request: Request,
  clientIp: string,
  requestId: string,
  locale: PageLocale = DEFAULT_LOCALE,
) {
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
          language: spokenLocale(locale),
        })
      : { reply: formReply("Unknown action."), status: 400 };
  if (
    "reply" in answer &&
    held &&
    (intent === "update" || intent === "recheck-vat" || intent === "place-order")
  ) {
    // A refused order keeps what the buyer chose for the VAT, and its summary is quoted for it.
    if (intent === "place-order") await rememberTaxBuyer(form, session, answer.reply.values);
    const now = readCheckout(session);
    if (now) answer.reply = { ...answer.reply, summary: await summaryOf(now, locale) };
  }
  // A visitor with no checkout at all gets no cookie.
  const placedOrderId = "redirect" in answer ? answer.placedOrderId : undefined;
  const cookie =
    Object.keys(session.data).length > 0 || placedOrderId
      ? await commitCheckoutSession(session, placedOrderId)
      : null;
  return respond(answer, cookie ? { "Set-Cookie": cookie } : {}, locale);
}

/**
 * The answer in the page's language: its messages (kept in English by the services and the tests)
 * said in it, and its pages in it ("/checkout/pay" hands off to Stripe outside any language).
 */
function respond(answer: Answer, cookie: Record<string, string>, locale: PageLocale) {
  const i18n = makeI18n(locale, messagesFor(locale, ["commerce"]));
  if ("redirect" in answer) {
    const init = { headers: cookie };
    const to = answer.redirect === "/checkout/pay" ? answer.redirect : localizedPath(locale, answer.redirect);
    return answer.toast
      ? redirectWithToast(to, { ...answer.toast, message: localMessage(answer.toast.message, i18n) }, init)
      : redirect(to, init);
  }
  const reply = answer.reply;
  const summary = reply.summary?.vatNumberError
    ? { ...reply.summary, vatNumberError: localMessage(reply.summary.vatNumberError, i18n) }
    : reply.summary;
  const said = reply.ok ? { ...reply, summary } : { ...localReply(reply, i18n), summary };
  return data(said, { status: answer.status, headers: { ...answer.headers, ...cookie } });
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
 * (the page's script submits this on change; without JavaScript the Update button does). "Check
 * again" is the same: it reads the VAT number's check again, and asks the register again if due.
 */
async function updateTax({ form, values, session, clientIp }: CheckoutSubmit): Promise<Answer> {
  const limited = await vatChecksLimited(form, clientIp);
  if (limited) return limited;
  const refusal = await rememberTaxBuyer(form, session, values);
  return refusal ? { reply: refusal, status: 400 } : { reply: { ok: true, values } };
}

export const VAT_CHECKS_LIMITED_MESSAGE =
  "Too many VAT numbers were checked from your network. Please try again in a little while.";

/** A number its register must be asked about counts against the address's limit (a known one is free). */
async function vatChecksLimited(form: FormData, clientIp: string): Promise<Answer | null> {
  const parsed = parseFormData(form, TaxBuyerSchema);
  if (!parsed.ok) return null;
  if (!(await vatNumberToAsk(parsed.data))) return null;
  const limit = await enforceRateLimit("vat_number_check", { ip: clientIp });
  if (limit.allowed) return null;
  return {
    reply: formReply(null, {
      fieldErrors: { vatNumber: VAT_CHECKS_LIMITED_MESSAGE },
      values: formValues(form),
    }),
    status: 429,
    headers: { "Retry-After": String(limit.retryAfterSeconds) },
  };
}

/**
 * Keeps what decides the tax in the checkout, so the summary shows it; or the refusal to show: a
 * malformed VAT number, one its register does not know (its check is queued here when due), a
 * country not sold to. A province not chosen yet is no refusal here: the field has just appeared,
 * and placing asks for it.
 */
async function rememberTaxBuyer(form: FormData, session: CheckoutSession, values: Record<string, string>) {
  const parsed = parseFormData(form, TaxBuyerSchema);
  if (!parsed.ok) return parsed.reply;
  const buyer = { ...parsed.data, subdivision: subdivisionOf(parsed.data.country, parsed.data.subdivision) };
  const tax = decideTax(buyer, new Date(), taxRules());
  if (!tax.ok && tax.field !== "subdivision") {
    return formReply(null, { fieldErrors: { [tax.field ?? "vatNumber"]: tax.message }, values });
  }
  const remembered = { ...buyer, vatNumber: tax.ok ? tax.vatNumber : null };
  const check = await vatCheckForBuyer(remembered);
  if (check?.status === "rejected")
    return formReply(null, { fieldErrors: { vatNumber: vatNumberRejectedMessage(check.vatNumber) }, values });
  setTaxBuyer(session, remembered);
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
    const result = await placeHeldCheckout({
      held,
      buyer: buyer.data,
      user,
      locale: buyerLocale(request),
      language: submit.language,
    });
    if (!result.ok && result.reason === "unavailable") {
      session.unset("selection");
      return { redirect: "/pricing", toast: { message: PLAN_GONE_MESSAGE, type: "error" } };
    }
    if (!result.ok && result.reason === "tax") {
      return {
        reply: formReply(null, { fieldErrors: { [result.field]: result.message }, values }),
        status: 400,
      };
    }
    if (!result.ok) {
      // The applied code stopped counting since it was applied: refuse, and drop it so the buyer can go on.
      setAppliedPromo(session, null);
      return { reply: promoRefusal(result.refusal, values), status: 409 };
    }
    // With card payment on, /checkout/pay hands the buyer to Stripe for this order.
    return {
      redirect: result.value.payByCard ? "/checkout/pay" : "/checkout/success",
      placedOrderId: result.value.orderId,
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
