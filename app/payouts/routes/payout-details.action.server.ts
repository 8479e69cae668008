import { redirect } from "react-router";
import { formReply } from "~/platform/http/form-reply";
import { formValues, parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import {
  bankDetailsSchema,
  PAYOUT_INTENTS,
  PAYOUT_MESSAGES,
  type PayoutIntent,
  sellerDetailsSchema,
} from "../details/payout-details";
import { saveBankDetails, saveSellerDetailsOf } from "../details/payout-details.server";
import { PAYOUTS_PATH, startStripeOnboarding } from "../details/payout-details-stripe.server";

const isIntent = (value: unknown): value is PayoutIntent =>
  typeof value === "string" && (PAYOUT_INTENTS as readonly string[]).includes(value);

/**
 * One of the page's three forms: start Stripe onboarding, save bank details, save seller details.
 * Always for the signed-in creator: no form names whose details it changes. A refused form answers
 * 400 with what was typed (the IBAN too: it goes back only to the person who typed it).
 */
export async function runPayoutDetailsAction(request: Request, creator: { id: string; email: string }) {
  const form = await readForm(request);
  const intents = form.getAll("intent");
  const intent = intents.length === 1 ? intents[0] : null;
  if (!isIntent(intent))
    return replyWith(formReply(PAYOUT_MESSAGES.unknownIntent, { values: formValues(form) }));

  if (intent === "stripe") {
    const started = await startStripeOnboarding(creator);
    if (started.ok) return redirect(started.value.url);
    return replyWith(
      formReply(
        started.reason === "stripe_unavailable"
          ? PAYOUT_MESSAGES.stripeUnavailable
          : PAYOUT_MESSAGES.stripeFailed,
        { values: { intent } },
      ),
      started.reason === "stripe_unavailable" ? 400 : 503,
    );
  }

  if (intent === "bank") {
    const parsed = parseFormData(form, bankDetailsSchema);
    if (!parsed.ok) return replyWith(parsed.reply);
    const saved = await saveBankDetails(creator.id, parsed.data);
    if (!saved.ok) {
      const message =
        saved.reason === "bic_country"
          ? saved.message
          : saved.reason === "iban_unreadable"
            ? PAYOUT_MESSAGES.ibanUnreadable
            : PAYOUT_MESSAGES.ibanRequired;
      const field = saved.reason === "bic_country" ? "bic" : "iban";
      return replyWith(formReply(null, { fieldErrors: { [field]: message }, values: parsed.values }));
    }
    return redirectWithToast(PAYOUTS_PATH, {
      message: `${PAYOUT_MESSAGES.bankSaved} ${saved.value.ibanLast4}.`,
      type: "success",
    });
  }

  const parsed = parseFormData(form, sellerDetailsSchema(new Date()));
  if (!parsed.ok) return replyWith(parsed.reply);
  await saveSellerDetailsOf(creator.id, parsed.data);
  return redirectWithToast(PAYOUTS_PATH, { message: PAYOUT_MESSAGES.sellerSaved, type: "success" });
}
