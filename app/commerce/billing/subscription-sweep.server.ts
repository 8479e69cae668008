import { logger } from "~/platform/logger.server";
import { cancelStripeSubscription } from "../stripe/stripe-billing.server";
import {
  findSubscription,
  listDueForReminder,
  listGraceExpired,
  listPeriodOver,
} from "./subscription.queries.server";
import { endLapsedSubscription, remindManualRenewal } from "./subscription-lifecycle.server";
import { addDays, REMINDER_DAYS } from "./subscriptions";

/** The scheduled part of subscriptions (commerce.subscription-sweep): reminders and ends. */
export async function sweepSubscriptions(now = new Date()) {
  let reminded = 0;
  for (const { id } of await listDueForReminder(now, addDays(now, REMINDER_DAYS))) {
    if (await remindManualRenewal(id, now)) reminded += 1;
  }
  let ended = 0;
  for (const { id } of await listGraceExpired(now)) {
    const subscription = await findSubscription(id);
    // Stop Stripe's retries before ending here: a payment taken after the end would buy nothing.
    if (subscription?.stripeSubscriptionId) await cancelStripeSubscription(subscription.stripeSubscriptionId);
    if (await endLapsedSubscription(id, now)) ended += 1;
  }
  for (const { id } of await listPeriodOver(now)) {
    if (await endLapsedSubscription(id, now)) ended += 1;
  }
  if (reminded + ended > 0) logger.info({ reminded, ended }, "subscriptions swept");
  return { reminded, ended };
}
