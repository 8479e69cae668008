import { defineJob } from "~/platform/jobs/define.server";
import { claimGuestOrders } from "./order-lifecycle.server";
import { sweepSubscriptions } from "./subscription-sweep.server";

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
