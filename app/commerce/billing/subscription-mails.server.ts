import { ownProfileTabPath } from "~/catalog/profile/profile-tab-path";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "~/constants";
import { formatMoney } from "~/payments/money";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { queueMail } from "~/platform/mail.server";
import type { Order } from "../orders/order.queries.server";
import { invoicePath } from "../orders/order-id";
import type { Subscription } from "./subscription.queries.server";
import { formatBillingDate } from "./subscriptions";

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
  planTitle: string;
  /** The renewal's order (renewed). */
  order?: Order;
  /** A payment that came after the end, given back (late_payment_refunded). */
  refundedCents?: number;
}

export function queueSubscriptionMail(tx: Executor, step: SubscriptionMailStep, facts: MailFacts) {
  const { subject, lines } = MAILS[step](facts);
  return queueMail(
    {
      to: facts.subscription.email,
      subject: `${PRODUCT_NAME} ${facts.planTitle} plan: ${subject}`,
      text: [...lines, "", `Questions? Write to ${SUPPORT_EMAIL}.`].join("\n"),
    },
    { tx },
  );
}

const profileLine = () => `Your plan and its invoices: ${config().PUBLIC_URL}${ownProfileTabPath("orders")}`;

const MAILS: Record<SubscriptionMailStep, (facts: MailFacts) => { subject: string; lines: string[] }> = {
  renewal_coming: ({ subscription, planTitle }) => ({
    subject: "renewal coming",
    lines: [
      `Your ${planTitle} plan ends on ${formatBillingDate(subscription.currentPeriodEnd)}.`,
      `To keep it, renew it for ${formatMoney(subscription.amountCents, undefined, subscription.currency)} (VAT included) by bank transfer before then: reply to this mail and we send the payment details.`,
      profileLine(),
    ],
  }),
  renewed: ({ subscription, planTitle, order }) => ({
    subject: "renewed",
    lines: [
      `Your ${planTitle} plan is renewed until ${formatBillingDate(subscription.currentPeriodEnd)}. Thank you!`,
      ...(order
        ? [
            `We received ${formatMoney(order.totalCents, order.locale, order.currency)}.`,
            `Your invoice: ${config().PUBLIC_URL}${invoicePath(order.id)}`,
          ]
        : []),
    ],
  }),
  renewal_stopped: ({ subscription, planTitle }) => ({
    subject: "renewal stopped",
    lines: [
      `Your ${planTitle} plan will not renew: it ends on ${formatBillingDate(subscription.currentPeriodEnd)} and you can use it until then.`,
      "Changed your mind? Choose Keep renewing on your profile before that date.",
      profileLine(),
    ],
  }),
  renewal_resumed: ({ subscription, planTitle }) => ({
    subject: "renewal kept",
    lines: [
      `Your ${planTitle} plan keeps renewing: it runs until ${formatBillingDate(subscription.currentPeriodEnd)}, and we email you a week before then with the payment details.`,
      profileLine(),
    ],
  }),
  renewal_failed: ({ subscription, planTitle }) => ({
    subject: "renewal failed",
    lines: [
      `We could not renew your ${planTitle} plan: the card payment of ${formatMoney(subscription.amountCents, undefined, subscription.currency)} failed.`,
      `Your plan stays usable until ${formatBillingDate(subscription.graceEndsAt ?? subscription.currentPeriodEnd)}. Update your card before then under Manage billing on your profile, and the payment is retried.`,
      profileLine(),
    ],
  }),
  ended: ({ subscription, planTitle }) => ({
    subject: "subscription ended",
    lines: [
      `Your ${planTitle} plan ended on ${formatBillingDate(subscription.endedAt ?? new Date())}.`,
      "Licenses you already have stay valid. You can choose a plan again at any time.",
      `${config().PUBLIC_URL}/pricing`,
    ],
  }),
  late_payment_refunded: ({ subscription, planTitle, refundedCents }) => ({
    subject: "payment refunded",
    lines: [
      `A card payment of ${formatMoney(refundedCents ?? subscription.amountCents, undefined, subscription.currency)} reached us after your ${planTitle} plan ended on ${formatBillingDate(subscription.endedAt ?? new Date())}, so we refunded it in full.`,
      "It goes back to your card within 5 to 10 days. Your plan stays ended; you can choose a plan again at any time.",
      `${config().PUBLIC_URL}/pricing`,
    ],
  }),
};
