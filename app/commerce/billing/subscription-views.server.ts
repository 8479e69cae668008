import { cardPaymentEnabled } from "~/platform/config.server";
import { DEFAULT_LOCALE, type PageLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { formatDate } from "~/platform/text/dates";
import { moneyIn } from "../locale-format";
import { englishI18n } from "../page-i18n.server";
import { BILLING_LABEL_KEYS } from "../pricing/plan-labels";
import { planTitleIn } from "../pricing/plan-texts";
import { listSubscriptionsOfUser } from "./subscription.queries.server";
import { formatBillingDate, type SubscriptionState, subscriptionState } from "./subscriptions";

/** Where the profile's Manage billing button posts (to Stripe's customer portal). */
export const BILLING_PORTAL_PATH = "/billing/portal";

/** Where the profile's Stop renewal and Keep renewing buttons post (a manual subscription). */
export const BILLING_RENEWAL_PATH = "/billing/renewal";

/** A running subscription as the profile shows it (labels formatted here, once). */
export interface SubscriptionView {
  id: string;
  planLabel: string;
  state: SubscriptionState;
  stateLabel: string;
  /** When it renews and for how much, when it ends, or until when a failed payment can be fixed. */
  detail: string;
  /** The portal for a Stripe subscription; null for a manual one (renewed by the team). */
  manageUrl: string | null;
  /** A manual subscription's Stop renewal (or Keep renewing) form; null for Stripe's. */
  renewal: { url: string; value: "stop" | "resume"; label: string; explanation: string } | null;
  note: string | null;
}

const STATE_KEYS: Record<SubscriptionState, string> = {
  active: "commerce.subscription.state.active",
  past_due: "commerce.subscription.state.pastDue",
  ending: "commerce.subscription.state.ending",
  ended: "commerce.subscription.state.ended",
};

/**
 * The user's subscriptions that have not ended, newest first, labelled in `locale` (the English
 * catalogue says what SUBSCRIPTION_TEXTS and RENEWAL_BUTTONS say: tests compare those).
 */
export async function subscriptionViewsOf(
  userId: string,
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<SubscriptionView[]> {
  const i18n = translator(locale, ["commerce"]);
  const { t, tag } = i18n;
  const day = (value: Date) => (tag === "en" ? formatBillingDate(value) : formatDate(value, tag));
  const stripeOn = cardPaymentEnabled();
  const rows = await listSubscriptionsOfUser(userId);
  return rows
    .filter((row) => row.status !== "ended")
    .map((row) => {
      const state = subscriptionState(row);
      const end = day(row.currentPeriodEnd);
      const detail =
        state === "ending"
          ? t("commerce.subscription.endsOn", { date: end })
          : state === "past_due"
            ? t("commerce.subscription.pastDue", { date: day(row.graceEndsAt ?? row.currentPeriodEnd) })
            : t("commerce.subscription.renews", {
                date: end,
                amount: moneyIn(tag, row.amountCents, row.currency),
              });
      const stripe = row.provider === "stripe" && stripeOn;
      return {
        id: row.id,
        planLabel: `${planTitleIn(row.planCategory, row.planTitle, englishI18n(), i18n)} · ${t(BILLING_LABEL_KEYS[row.billing])}`,
        state,
        stateLabel: t(STATE_KEYS[state]),
        detail,
        manageUrl: stripe ? BILLING_PORTAL_PATH : null,
        renewal:
          row.provider !== "manual"
            ? null
            : row.cancelAtPeriodEnd
              ? {
                  url: BILLING_RENEWAL_PATH,
                  value: "resume",
                  label: t("commerce.subscription.resume"),
                  explanation: t("commerce.subscription.resumeExplanation", { date: end }),
                }
              : {
                  url: BILLING_RENEWAL_PATH,
                  value: "stop",
                  label: t("commerce.subscription.stop"),
                  explanation: t("commerce.subscription.stopExplanation", { date: end }),
                },
        note:
          row.provider !== "manual"
            ? null
            : row.cancelAtPeriodEnd
              ? t("commerce.subscription.stoppedNote", { date: end })
              : t("commerce.subscription.manualRenewal"),
      };
    });
}
