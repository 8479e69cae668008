import { redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { redirectWithToast } from "~/platform/http/toast.server";
import { setManualRenewalStopped } from "../billing/subscription-lifecycle.server";
import { formatBillingDate, SUBSCRIPTION_TEXTS } from "../billing/subscriptions";
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
  const form = RenewalForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return redirectWithToast(PROFILE_ORDERS, {
      message: SUBSCRIPTION_TEXTS.renewalUnchangeable,
      type: "error",
    });
  const result = await setManualRenewalStopped({
    subscriptionId: form.data.subscriptionId,
    stop: form.data.renewal === "stop",
    actor: { kind: "buyer", userId: user.id },
    ownerId: user.id,
  });
  if (!result.ok)
    return redirectWithToast(PROFILE_ORDERS, {
      message: SUBSCRIPTION_TEXTS.renewalUnchangeable,
      type: "error",
    });
  const message = result.subscription.cancelAtPeriodEnd
    ? SUBSCRIPTION_TEXTS.renewalStopped(formatBillingDate(result.subscription.currentPeriodEnd))
    : SUBSCRIPTION_TEXTS.renewalResumed;
  return redirectWithToast(PROFILE_ORDERS, { message, type: "success" });
}

/** A bookmarked or reloaded address: the subscription is on the profile. */
export function loader() {
  return redirect(PROFILE_ORDERS);
}
