import { defineJob } from "~/platform/jobs/define.server";
import { claimGuestOrders } from "./order-lifecycle.server";

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
