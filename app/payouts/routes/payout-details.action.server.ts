import { redirect } from "react-router";
import { formReply, translatedReply } from "~/platform/http/form-reply";
import { formValues, parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import type { I18n } from "~/platform/i18n/i18n";
import {
  bankDetailsSchema,
  PAYOUT_INTENTS,
  PAYOUT_MESSAGES,
  type PayoutIntent,
  sellerDetailsSchema,
} from "../details/payout-details";
import { saveBankDetails, saveSellerDetailsOf } from "../details/payout-details.server";
import { PAYOUTS_PATH, startStripeOnboarding } from "../details/payout-details-stripe.server";
import { payoutsText } from "../payouts-i18n.server";

const isIntent = (value: unknown): value is PayoutIntent =>
  typeof value === "string" && (PAYOUT_INTENTS as readonly string[]).includes(value);

/**
 * One of the page's three forms: start Stripe onboarding, save bank details, save seller details.
 * Always for the signed-in creator: no form names whose details it changes. A refused form answers
 * 400 with what was typed (the IBAN too: it goes back only to the person who typed it).
 */
export async function runPayoutDetailsAction(
  request: Request,
  creator: { id: string; email: string },
  i18n: I18n,
) {
  const { t, path } = i18n;
  const text = (message: string) => payoutsText(i18n, message);
  const form = await readForm(request);
  const intents = form.getAll("intent");
  const intent = intents.length === 1 ? intents[0] : null;
  if (!isIntent(intent))
    return replyWith(formReply(text(PAYOUT_MESSAGES.unknownIntent), { values: formValues(form) }));

  if (intent === "stripe") {
    const started = await startStripeOnboarding(creator);
    if (started.ok) return redirect(started.value.url);
    return replyWith(
      formReply(
        text(
          started.reason === "stripe_unavailable"
            ? PAYOUT_MESSAGES.stripeUnavailable
            : PAYOUT_MESSAGES.stripeFailed,
        ),
        { values: { intent } },
      ),
      started.reason === "stripe_unavailable" ? 400 : 503,
    );
  }

  if (intent === "bank") {
    const parsed = parseFormData(form, bankDetailsSchema);
    if (!parsed.ok) return replyWith(translatedReply(parsed.reply, (message) => payoutsText(i18n, message)));
    const saved = await saveBankDetails(creator.id, parsed.data);
    if (!saved.ok) {
      const message =
        saved.reason === "bic_country"
          ? saved.message
          : saved.reason === "iban_unreadable"
            ? PAYOUT_MESSAGES.ibanUnreadable
            : PAYOUT_MESSAGES.ibanRequired;
      const field = saved.reason === "bic_country" ? "bic" : "iban";
      return replyWith(formReply(null, { fieldErrors: { [field]: text(message) }, values: parsed.values }));
    }
    return redirectWithToast(path(PAYOUTS_PATH), {
      message: t("payouts.toast.bankSaved", { last4: saved.value.ibanLast4 }),
      type: "success",
    });
  }

  const parsed = parseFormData(form, sellerDetailsSchema(new Date()));
  if (!parsed.ok) return replyWith(translatedReply(parsed.reply, (message) => payoutsText(i18n, message)));
  await saveSellerDetailsOf(creator.id, parsed.data);
  return redirectWithToast(path(PAYOUTS_PATH), { message: t("payouts.toast.sellerSaved"), type: "success" });
}
