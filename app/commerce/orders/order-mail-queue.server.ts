import { recipientLanguage } from "~/accounts/profiles/profile-language.server";
import { config } from "~/platform/config.server";
import type { Transaction } from "~/platform/db/client.server";
import { isLocale, type Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { queueMail } from "~/platform/mail.server";
import type { Order } from "./order.queries.server";
import { ORDER_MAIL_NAMESPACES, type OrderMailStep, type OrderRefund, orderMail } from "./order-mails";

/**
 * The language of an order's mails: the one stored on the buyer's profile, else the checkout's
 * (a guest's order, a profile without a choice), else English.
 */
export function orderMailLanguage(order: Pick<Order, "userId" | "language">): Promise<Locale> {
  return recipientLanguage({ userId: order.userId }, isLocale(order.language) ? order.language : null);
}

/**
 * The buyer's mail about this step, in their language, queued in the transition's transaction. Its
 * own module so the lifecycle and the VAT corrections (which the lifecycle imports) share it.
 */
export async function queueOrderMail(
  tx: Transaction,
  order: Order,
  step: OrderMailStep,
  refund?: OrderRefund,
) {
  const i18n = translator(await orderMailLanguage(order), ORDER_MAIL_NAMESPACES);
  return queueMail(orderMail(order, step, config(), i18n, refund), { tx });
}
