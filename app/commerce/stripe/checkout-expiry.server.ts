import Stripe from "stripe";
import { stripe } from "~/payments/stripe-client.server";
import { cardPaymentEnabled } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";

/**
 * An order cancelled or expired before payment closes its Stripe Checkout session, so the buyer
 * can no longer pay for nothing (docs/decisions/0024). Queued in the cancel's transaction, so it
 * runs exactly when the cancel commits, and retried while Stripe cannot be reached. A session the
 * buyer completed meanwhile cannot be expired: its payment reaches the webhook, which refunds it.
 */
export const expireCheckoutSessionJob = defineJob<{ sessionId: string }>({
  name: "commerce.expire-checkout-session",
  handler: async ({ sessionId }) => {
    if (!cardPaymentEnabled()) return;
    try {
      await stripe().checkout.sessions.expire(sessionId);
      logger.info({ sessionId }, "Checkout session of a cancelled order expired");
    } catch (error) {
      // Already complete or expired (Stripe answers 400): nothing left to close.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        logger.info({ sessionId, code: error.code }, "Checkout session was no longer open");
        return;
      }
      throw error;
    }
  },
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
});

export function queueCheckoutExpiry(tx: Executor, sessionId: string) {
  return enqueue(expireCheckoutSessionJob, { sessionId }, { tx, singletonKey: sessionId });
}
