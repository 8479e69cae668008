import { redirect } from "react-router";
import { redirectWithToast } from "~/platform/http/toast.server";
import { logger } from "~/platform/logger.server";
import { startCardCheckout } from "../stripe/stripe.server";
import type { Route } from "./+types/pay";
import { getCheckoutSession, readPlacedOrderId } from "./checkout-session.server";

export const CARD_PAYMENT_FAILED =
  "We could not reach the card payment service. Please try again in a moment.";

/**
 * Hands the buyer of the order this browser just placed to Stripe Checkout. Only that order (from
 * the signed checkout cookie), so nobody can start a payment page for someone else's order.
 */
async function pay(request: Request, requestId: string) {
  const orderId = readPlacedOrderId(await getCheckoutSession(request));
  if (!orderId) return redirect("/pricing");
  try {
    const result = await startCardCheckout(orderId);
    if (result.ok) return redirect(result.value.url, 303);
    return redirect("/checkout/success");
  } catch (error) {
    logger.error({ err: error, requestId, orderId }, "creating a Stripe Checkout session failed");
    return redirectWithToast("/checkout/success", { message: CARD_PAYMENT_FAILED, type: "error" });
  }
}

export const loader = ({ request, context }: Route.LoaderArgs) => pay(request, context.requestId);
export const action = ({ request, context }: Route.ActionArgs) => pay(request, context.requestId);
