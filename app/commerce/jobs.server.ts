import { config } from "~/platform/config.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { sweepSubscriptions } from "./billing/subscription-sweep.server";
import { listOrdersAwaitingPaymentSince } from "./orders/order.queries.server";
import { claimGuestOrders, expireOrder } from "./orders/order-lifecycle.server";
import { deleteNeverPaidOrders } from "./orders/order-retention.server";

/** A verified address: the guest orders placed with it (and their plans) become the account's. */
export const claimGuestOrdersJob = defineJob<{ userId: string; email: string }>({
  name: "commerce.claim-guest-orders",
  handler: async ({ userId, email }) => {
    await claimGuestOrders(userId, email);
  },
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
});

/** How many expired orders one run cancels; the next hourly run takes the rest. */
const EXPIRY_BATCH = 500;

/**
 * Cancels orders awaiting payment for longer than ORDER_EXPIRY_DAYS, hourly. Each cancel is the
 * lifecycle's own (mail, promo use given back, audit); a rerun or a second worker changes nothing.
 */
export const expireOrdersJob = defineJob<{ now?: string }>({
  name: "commerce.expire-orders",
  cron: "17 * * * *",
  policy: "singleton",
  handler: async ({ now }) => {
    await expireUnpaidOrders(now ? new Date(now) : new Date());
  },
});

/** The expiry run itself: returns the ids of the orders it cancelled. */
export async function expireUnpaidOrders(now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - config().ORDER_EXPIRY_DAYS * 24 * 3600 * 1000);
  const expired: string[] = [];
  for (const orderId of await listOrdersAwaitingPaymentSince(cutoff, EXPIRY_BATCH)) {
    const result = await expireOrder({ orderId, now });
    if (result.ok && result.value.changed) expired.push(orderId);
  }
  if (expired.length > 0) logger.info({ orders: expired.length }, "unpaid orders expired");
  return expired;
}
/**
 * Deletes orders never paid once the privacy page's period is over (order-retention.server.ts),
 * hourly like platform's own retention; a rerun or a second worker finds nothing left to delete.
 */
export const orderRetentionJob = defineJob<object>({
  name: "commerce.order-retention",
  cron: "23 * * * *",
  policy: "singleton",
  retryLimit: 2,
  retryDelaySeconds: 60,
  handler: async () => {
    const deleted = await deleteNeverPaidOrders();
    if (deleted > 0) logger.info({ orders: deleted }, "never-paid orders deleted");
  },
});

/**
 * Once an hour: mails the renewal reminder of manual subscriptions ending within REMINDER_DAYS,
 * and ends subscriptions whose grace period ran out unpaid (stopping Stripe's retries first) or
 * whose manual period ran out. Each subscription is rechecked under its lock, so a renewal that
 * lands meanwhile wins and a second run changes nothing.
 */
export const subscriptionSweepJob = defineJob<object>({
  name: "commerce.subscription-sweep",
  cron: "41 * * * *",
  policy: "singleton",
  retryLimit: 2,
  retryDelaySeconds: 60,
  handler: async () => {
    await sweepSubscriptions();
  },
});
