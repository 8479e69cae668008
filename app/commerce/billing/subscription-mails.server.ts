import { recipientLanguage } from "~/accounts/profiles/profile-language.server";
import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "~/constants";
import { formatMoney } from "~/payments/money";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import type { I18n } from "~/platform/i18n/i18n";
import { isLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { queueMail } from "~/platform/mail.server";
import { formatDate } from "~/platform/text/dates";
import { moneyIn } from "../locale-format";
import { findOrderById, type Order } from "../orders/order.queries.server";
import { invoicePath } from "../orders/order-id";
import { planTitleIn } from "../pricing/plan-texts";
import type { Subscription } from "./subscription.queries.server";

/**
 * The buyer hears of each step of a subscription: a reminder before a manual one ends, each
 * renewal, its renewal stopped or kept, a failed renewal, its end, and a payment after its end given back. Queued in the change's own transaction, so a replayed
 * webhook or a second run of the sweep mails nothing.
 */
export type SubscriptionMailStep =
  | "renewal_coming"
  | "renewed"
  | "renewal_stopped"
  | "renewal_resumed"
  | "renewal_failed"
  | "ended"
  | "late_payment_refunded";

interface MailFacts {
  subscription: Subscription;
  /** The plan's title as stored (English): the mail says it in its language when the catalogue has it. */
  planTitle: string;
  /** The renewal's order (renewed). */
  order?: Order;
  /** A payment that came after the end, given back (late_payment_refunded). */
  refundedCents?: number;
}

/** The subscription mails' catalogues: their own and the pages' commerce terms (plan titles). */
const NAMESPACES = ["commerce-mail", "commerce"] as const;

/**
 * Queues the step's mail in the buyer's language: their profile's, else the language of the
 * checkout that started the subscription, else English.
 */
export async function queueSubscriptionMail(tx: Executor, step: SubscriptionMailStep, facts: MailFacts) {
  const { subscription } = facts;
  const first = facts.order?.language ?? (await findOrderById(subscription.orderId, tx))?.language;
  const language = await recipientLanguage({ userId: subscription.userId }, isLocale(first) ? first : null);
  const i18n = translator(language, NAMESPACES);
  const plan = planTitleIn(subscription.planCategory, facts.planTitle, translator("en", ["commerce"]), i18n);
  const { subject, lines } = MAILS[step]({ ...facts, plan, i18n });
  return queueMail(
    {
      to: subscription.email,
      subject: i18n.t("commerce-mail.subscription.subject", { product: PRODUCT_NAME, plan, subject }),
      text: [...lines, "", i18n.t("commerce-mail.subscription.footer", { email: SUPPORT_EMAIL })].join("\n"),
    },
    { tx },
  );
}

/** The facts with the plan's title and the translator in the mail's language. */
interface Worded extends MailFacts {
  plan: string;
  i18n: I18n;
}

const day = ({ i18n }: Worded, value: Date) => formatDate(value, i18n.tag);
/** The plan's price: English as before (the default locale), another language in its own. */
const price = ({ i18n, subscription }: Worded, cents: number) =>
  moneyIn(i18n.tag, cents, subscription.currency);
const site = ({ i18n }: Worded, path: string) => `${config().PUBLIC_URL}${i18n.path(path)}`;
const profileLine = (facts: Worded) =>
  facts.i18n.t("commerce-mail.subscription.profileLink", { url: site(facts, ownProfileTabPath("orders")) });

const MAILS: Record<SubscriptionMailStep, (facts: Worded) => { subject: string; lines: string[] }> = {
  renewal_coming: (facts) => {
    const { i18n, subscription, plan } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.renewalComing.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.renewalComing.endsOn", {
          plan,
          date: day(facts, subscription.currentPeriodEnd),
        }),
        i18n.t("commerce-mail.subscription.renewalComing.howToRenew", {
          amount: price(facts, subscription.amountCents),
        }),
        profileLine(facts),
      ],
    };
  },
  renewed: (facts) => {
    const { i18n, subscription, plan, order } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.renewed.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.renewed.lead", {
          plan,
          date: day(facts, subscription.currentPeriodEnd),
        }),
        ...(order
          ? [
              i18n.t("commerce-mail.subscription.renewed.received", {
                // The order's amount as its other mails write it: English in the order's locale.
                amount: formatMoney(
                  order.totalCents,
                  i18n.tag === "en" ? order.locale : i18n.tag,
                  order.currency,
                ),
              }),
              i18n.t("commerce-mail.invoiceLink", { url: `${config().PUBLIC_URL}${invoicePath(order.id)}` }),
            ]
          : []),
      ],
    };
  },
  renewal_stopped: (facts) => {
    const { i18n, subscription, plan } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.renewalStopped.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.renewalStopped.lead", {
          plan,
          date: day(facts, subscription.currentPeriodEnd),
        }),
        i18n.t("commerce-mail.subscription.renewalStopped.changedMind"),
        profileLine(facts),
      ],
    };
  },
  renewal_resumed: (facts) => {
    const { i18n, subscription, plan } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.renewalResumed.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.renewalResumed.lead", {
          plan,
          date: day(facts, subscription.currentPeriodEnd),
        }),
        profileLine(facts),
      ],
    };
  },
  renewal_failed: (facts) => {
    const { i18n, subscription, plan } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.renewalFailed.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.renewalFailed.lead", {
          plan,
          amount: price(facts, subscription.amountCents),
        }),
        i18n.t("commerce-mail.subscription.renewalFailed.grace", {
          date: day(facts, subscription.graceEndsAt ?? subscription.currentPeriodEnd),
        }),
        profileLine(facts),
      ],
    };
  },
  ended: (facts) => {
    const { i18n, subscription, plan } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.ended.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.ended.lead", {
          plan,
          date: day(facts, subscription.endedAt ?? new Date()),
        }),
        i18n.t("commerce-mail.subscription.ended.licensesStay"),
        site(facts, "/pricing"),
      ],
    };
  },
  late_payment_refunded: (facts) => {
    const { i18n, subscription, plan, refundedCents } = facts;
    return {
      subject: i18n.t("commerce-mail.subscription.latePayment.subject"),
      lines: [
        i18n.t("commerce-mail.subscription.latePayment.lead", {
          amount: price(facts, refundedCents ?? subscription.amountCents),
          plan,
          date: day(facts, subscription.endedAt ?? new Date()),
        }),
        i18n.t("commerce-mail.subscription.latePayment.backToCard"),
        site(facts, "/pricing"),
      ],
    };
  },
};
