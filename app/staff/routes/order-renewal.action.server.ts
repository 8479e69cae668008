import { z } from "zod";
import { setManualRenewalStopped } from "~/commerce/billing/subscription-lifecycle.server";
import { formatBillingDate } from "~/commerce/billing/subscriptions";
import { findSubscriptionOfOrder } from "~/commerce/orders/staff-orders.server";
import { formReply } from "~/platform/http/form-reply";
import { parseFormData, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { RENEWAL_STOP_TEXTS } from "../orders/renewal-stop";
import { notFound } from "./action.server";

const RenewalSchema = z.object({
  intent: z.literal("renewal"),
  renewal: z.enum(["stop", "resume"]),
});

/**
 * The team stops the renewal of the manual subscription this order belongs to (it ends at its
 * period's end), or takes that back: the same lifecycle call as the buyer's, audited under the
 * staff member. The subscription comes from the order, so the form names no other one.
 */
export async function changeRenewal(
  form: FormData,
  orderId: string,
  actor: { kind: "staff"; userId: string },
) {
  const parsed = parseFormData(form, RenewalSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const subscription = await findSubscriptionOfOrder(orderId);
  if (!subscription) throw notFound();
  const result = await setManualRenewalStopped({
    subscriptionId: subscription.id,
    stop: parsed.data.renewal === "stop",
    actor,
  });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    const message = result.reason === "ended" ? RENEWAL_STOP_TEXTS.ended : RENEWAL_STOP_TEXTS.notManual;
    return replyWith(formReply(message, { values: parsed.values }), 409);
  }
  const end = formatBillingDate(result.subscription.currentPeriodEnd);
  return redirectWithToast(`/staff/orders/${orderId}`, {
    message: result.subscription.cancelAtPeriodEnd
      ? RENEWAL_STOP_TEXTS.stopped(end)
      : RENEWAL_STOP_TEXTS.resumed,
    type: "success",
  });
}
