import { redirect } from "react-router";
import { requireUser } from "~/accounts/routes/require-user.server";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { redirectWithToast } from "~/platform/http/toast.server";
import { localizedPath } from "~/platform/i18n/locales";
import { readerLocale } from "~/platform/i18n/negotiate";
import { translator } from "~/platform/i18n/translator.server";
import { logger } from "~/platform/logger.server";
import { openBillingPortal } from "../stripe/stripe-billing.server";
import type { Route } from "./+types/billing-portal";

const PROFILE_ORDERS = ownProfileTabPath("orders");

/**
 * The profile's Manage billing: a Stripe customer portal session for the signed-in user's own
 * subscription (never anyone else's: the customer comes from their subscription), then Stripe.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  // The form posts outside any language: the answer is said in the reader's.
  const locale = readerLocale(request, user.language);
  const { t } = translator(locale, ["commerce"]);
  const back = localizedPath(locale, PROFILE_ORDERS);
  try {
    const portal = await openBillingPortal(user.id);
    if (portal.ok) return new Response(null, { status: 303, headers: { Location: portal.value.url } });
    // A plan renewed by bank transfer is how things stand, not a failure.
    return redirectWithToast(back, { message: t("commerce.subscription.noPortal"), type: "info" });
  } catch (error) {
    logger.error(
      { err: error, requestId: context.requestId, userId: user.id },
      "opening the billing portal failed",
    );
    return redirectWithToast(back, { message: t("commerce.subscription.portalUnavailable"), type: "error" });
  }
}

/** A bookmarked or reloaded portal address (the portal opens only by the button's post): the profile. */
export function loader() {
  return redirect(PROFILE_ORDERS);
}
