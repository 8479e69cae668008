import { data, redirect } from "react-router";
import { getOptionalUser } from "~/accounts/session.server";
import { config } from "~/platform/config.server";
import { type FormReply, formReply } from "~/platform/form-reply";
import { formValues, parseFormData, readForm, replyWith } from "~/platform/forms.server";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BuyerSchema,
  CHECKOUT_RATE_LIMITED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  PROMO_REFUSAL_MESSAGES,
  type PromoRefusal,
} from "./checkout-schema";
import {
  type CheckoutSession,
  commitCheckoutSession,
  completeCheckout,
  getCheckoutSession,
  isOwnPlacedKey,
  readCheckout,
  setAppliedPromo,
} from "./checkout-session.server";
import { findOrderByIdempotencyKey } from "./order.queries.server";
import { placeOrder } from "./order-lifecycle.server";
import { lookUpPromoCode } from "./promo.server";

/**
 * What the checkout form is answered: a refusal (a promo code's beside the `promoCode` field), or an
 * applied or removed code with the buyer's fields to fill in again (the page reloads without JavaScript).
 */
export type CheckoutActionData = FormReply | { ok: true; values: Record<string, string> };

export const PLAN_GONE_MESSAGE = "That plan is no longer available. Please choose a plan again.";

/**
 * The checkout form's three buttons: apply a promo code, remove it, place the order. Only the
 * buyer's own fields are read from the form; prices, discount and VAT come from the server.
 */
export async function checkoutAction(request: Request, clientIp: string, requestId: string) {
  const form = await readForm(request);
  const values = formValues(form);
  const intent = values.intent ?? "place-order";
  const session = await getCheckoutSession(request);
  const held = readCheckout(session);

  if (!held) {
    // A resubmit after the order was placed (the checkout data is gone): show that order.
    // Only the session that placed the order may find it by its key.
    const key = form.get("idempotencyKey");
    const placed =
      intent === "place-order" && isOwnPlacedKey(session, key) ? await findOrderByIdempotencyKey(key) : null;
    if (placed) {
      completeCheckout(session, placed.id);
      return redirect("/checkout/success", { headers: await cookie(session) });
    }
    return redirect("/pricing");
  }

  if (intent === "apply-promo") {
    const result = await lookUpPromoCode(values.promoCode ?? "", clientIp);
    if (!result.ok) return replyWith(promoRefusal(result.reason, values));
    setAppliedPromo(session, result.code);
    return data<CheckoutActionData>(
      { ok: true, values: { ...values, promoCode: "" } },
      { headers: await cookie(session) },
    );
  }

  if (intent === "remove-promo") {
    setAppliedPromo(session, null);
    return data<CheckoutActionData>(
      { ok: true, values: { ...values, promoCode: "" } },
      { headers: await cookie(session) },
    );
  }

  // Every submit counts, valid or not, so neither orders nor junk can be posted in bulk.
  const limit = await enforceRateLimit("checkout", { ip: clientIp }).catch((error) => {
    logger.error({ err: error, requestId }, "checkout rate limit check failed");
    return null;
  });
  if (!limit) return replyWith(formReply(ORDER_FAILED_MESSAGE, { values }), 500);
  if (!limit.allowed) {
    return data<CheckoutActionData>(formReply(CHECKOUT_RATE_LIMITED_MESSAGE, { values }), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }

  const buyer = parseFormData(form, BuyerSchema);
  if (!buyer.ok) return replyWith(buyer.reply);

  try {
    const user = await getOptionalUser(request);
    const result = await placeOrder({
      selection: held.selection,
      promoCode: held.promoCode,
      buyer: { email: buyer.data.email, company: buyer.data.company, country: buyer.data.country },
      // orders_pending.user_id references profiles: a session without a profile yet orders as a guest.
      userId: user?.hasProfile ? user.id : null,
      idempotencyKey: held.idempotencyKey,
    });
    if (!result.ok && result.reason === "unavailable") {
      session.unset("selection");
      return redirectWithToast(
        "/pricing",
        { message: PLAN_GONE_MESSAGE, type: "error" },
        { headers: await cookie(session) },
      );
    }
    if (!result.ok) {
      // The applied code stopped counting since it was applied: refuse, and drop it so the buyer can go on.
      setAppliedPromo(session, null);
      return data<CheckoutActionData>(promoRefusal(result.refusal, values), {
        status: 409,
        headers: await cookie(session),
      });
    }
    completeCheckout(session, result.order.id);
    // With card payment on, licensing's /checkout/pay hands the buyer to Stripe for this order.
    const next = config().STRIPE_SECRET_KEY ? "/checkout/pay" : "/checkout/success";
    return redirect(next, { headers: await cookie(session) });
  } catch (error) {
    logger.error({ err: error, requestId }, "placing an order failed");
    return replyWith(formReply(ORDER_FAILED_MESSAGE, { values }), 500);
  }
}

async function cookie(session: CheckoutSession) {
  return { "Set-Cookie": await commitCheckoutSession(session) };
}

/** A promo code refused: said beside the code field, whatever else was typed is kept. */
function promoRefusal(refusal: PromoRefusal, values: Record<string, string>) {
  return formReply(null, { fieldErrors: { promoCode: PROMO_REFUSAL_MESSAGES[refusal] }, values });
}
