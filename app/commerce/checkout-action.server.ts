import { data, redirect } from "react-router";
import { getOptionalUser } from "~/accounts/session.server";
import { config } from "~/platform/config.server";
import { readForm } from "~/platform/forms.server";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BuyerSchema,
  CHECKOUT_RATE_LIMITED_MESSAGE,
  type CheckoutFormValues,
  ORDER_FAILED_MESSAGE,
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
import { DEFAULT_COUNTRY } from "./countries";
import { findOrderByIdempotencyKey } from "./order.queries.server";
import { placeOrder } from "./orders.server";
import { lookUpPromoCode } from "./promo.server";

export type CheckoutField = "email" | "company" | "country" | "terms";

export interface CheckoutActionData {
  values: CheckoutFormValues;
  fieldErrors?: Partial<Record<CheckoutField, string>>;
  promoError?: string;
  formError?: string;
}

export const PLAN_GONE_MESSAGE = "That plan is no longer available. Please choose a plan again.";

/**
 * The checkout form's three buttons: apply a promo code, remove it, place the order. Only the
 * buyer's own fields are read from the form; prices, discount and VAT come from the server.
 */
export async function checkoutAction(request: Request, clientIp: string, requestId: string) {
  const form = await readForm(request);
  const values = echo(form);
  const intent = String(form.get("intent") ?? "place-order");
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
    const result = await lookUpPromoCode(values.promoCode, clientIp);
    if (!result.ok) {
      return data<CheckoutActionData>({ values, promoError: result.message }, { status: 400 });
    }
    setAppliedPromo(session, result.code);
    return data<CheckoutActionData>(
      { values: { ...values, promoCode: "" } },
      { headers: await cookie(session) },
    );
  }

  if (intent === "remove-promo") {
    setAppliedPromo(session, null);
    return data<CheckoutActionData>(
      { values: { ...values, promoCode: "" } },
      { headers: await cookie(session) },
    );
  }

  // Every submit counts, valid or not, so neither orders nor junk can be posted in bulk.
  const limit = await enforceRateLimit("checkout", { ip: clientIp }).catch((error) => {
    logger.error({ err: error, requestId }, "checkout rate limit check failed");
    return null;
  });
  if (!limit) return data<CheckoutActionData>({ values, formError: ORDER_FAILED_MESSAGE }, { status: 500 });
  if (!limit.allowed) {
    return data<CheckoutActionData>(
      { values, formError: CHECKOUT_RATE_LIMITED_MESSAGE },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const buyer = BuyerSchema.safeParse(Object.fromEntries(form));
  if (!buyer.success) {
    const fieldErrors: CheckoutActionData["fieldErrors"] = {};
    for (const issue of buyer.error.issues) {
      const field = issue.path[0] as CheckoutField;
      fieldErrors[field] ??= issue.message;
    }
    return data<CheckoutActionData>({ values, fieldErrors }, { status: 400 });
  }

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
      return data<CheckoutActionData>(
        { values, promoError: result.message },
        { status: 409, headers: await cookie(session) },
      );
    }
    completeCheckout(session, result.order.id);
    // With card payment on, licensing's /checkout/pay hands the buyer to Stripe for this order.
    const next = config().STRIPE_SECRET_KEY ? "/checkout/pay" : "/checkout/success";
    return redirect(next, { headers: await cookie(session) });
  } catch (error) {
    logger.error({ err: error, requestId }, "placing an order failed");
    return data<CheckoutActionData>({ values, formError: ORDER_FAILED_MESSAGE }, { status: 500 });
  }
}

async function cookie(session: CheckoutSession) {
  return { "Set-Cookie": await commitCheckoutSession(session) };
}

function echo(form: FormData): CheckoutFormValues {
  const text = (name: string, max = 300) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  return {
    email: text("email"),
    company: text("company"),
    country: text("country") || DEFAULT_COUNTRY,
    terms: form.get("terms") === "on",
    promoCode: text("promoCode", 60),
  };
}
