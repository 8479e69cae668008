import { redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { redirectWithToast } from "~/platform/http/toast.server";
import { localizedPath } from "~/platform/i18n/locales";
import { readerLocale } from "~/platform/i18n/negotiate";
import { translator } from "~/platform/i18n/translator.server";
import { formatDate } from "~/platform/text/dates";
import { setManualRenewalStopped } from "../billing/subscription-lifecycle.server";
import { formatBillingDate } from "../billing/subscriptions";
import type { Route } from "./+types/billing-renewal";

const PROFILE_ORDERS = ownProfileTabPath("orders");

const RenewalForm = z.object({
  subscriptionId: z.uuid(),
  renewal: z.enum(["stop", "resume"]),
});

/**
 * The profile's Stop renewal and Keep renewing buttons for a subscription paid by bank transfer.
 * A plain form post (it works without JavaScript), answered by a redirect back to the profile.
 * Only the signed-in owner's subscription changes; a double submit changes nothing twice.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // The form posts outside any language: the answer is said in the reader's.
  const locale = readerLocale(request, user.language);
  const { t, tag } = translator(locale, ["commerce"]);
  const back = localizedPath(locale, PROFILE_ORDERS);
  const form = RenewalForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return redirectWithToast(back, {
      message: t("commerce.subscription.renewalUnchangeable"),
      type: "error",
    });
  const result = await setManualRenewalStopped({
    subscriptionId: form.data.subscriptionId,
    stop: form.data.renewal === "stop",
    actor: { kind: "buyer", userId: user.id },
    ownerId: user.id,
  });
  if (!result.ok)
    return redirectWithToast(back, {
      message: t("commerce.subscription.renewalUnchangeable"),
      type: "error",
    });
  const end = result.subscription.currentPeriodEnd;
  const message = result.subscription.cancelAtPeriodEnd
    ? t("commerce.subscription.renewalStopped", {
        date: tag === "en" ? formatBillingDate(end) : formatDate(end, tag),
      })
    : t("commerce.subscription.renewalResumed");
  return redirectWithToast(back, { message, type: "success" });
}

/** A bookmarked or reloaded address: the subscription is on the profile. */
export function loader() {
  return redirect(PROFILE_ORDERS);
}
