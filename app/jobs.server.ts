/**
 * Every background job of the app, listed once: the web process (unless WORKERS=0) and
 * `npm run worker` work these, and any process may enqueue them. Domains define their jobs beside
 * their code; domain events that other domains react to are wired here, the one place that sees them all.
 */
import { emailVerified, profileRenamed } from "~/accounts/events.server";
import { API_JOBS, sendWebhookEvent } from "~/api/jobs.server";
import { clipPath } from "~/catalog/clip-id";
import { clipStatusChanged } from "~/catalog/clip-lifecycle.server";
import { listFollowerIds } from "~/catalog/follows.server";
import { reindexClipsJob, reindexCreatorJob } from "~/catalog/jobs.server";
import {
  claimGuestOrdersJob,
  expireOrdersJob,
  orderRetentionJob,
  subscriptionSweepJob,
} from "~/commerce/jobs.server";
import { registerOrderEffects } from "~/commerce/order-effects.server";
import { registerStripeEventHandler } from "~/commerce/stripe-event-handlers.server";
import { viesCheckJob } from "~/commerce/vies.server";
import { licenseCreated, orderPaid } from "~/licensing/events.server";
import { licensingOrderEffects } from "~/licensing/order-effects.server";
import { MEDIA_JOBS } from "~/media/jobs.server";
import { PAYOUT_JOBS } from "~/payouts/jobs.server";
import { payoutsOrderEffects } from "~/payouts/order-effects.server";
import { connectAccountUpdated } from "~/payouts/payout-details-stripe.server";
import { config } from "~/platform/config.server";
import { subscribe } from "~/platform/events.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { retentionJob } from "~/platform/jobs.server";
import { sendMailJob } from "~/platform/mail.server";
import { queueClipStatusMail } from "~/studio/clip-mails.server";
import { STUDIO_JOBS } from "~/studio/jobs.server";

export const JOBS = [
  sendMailJob,
  retentionJob,
  reindexCreatorJob,
  reindexClipsJob,
  ...MEDIA_JOBS,
  ...STUDIO_JOBS,
  claimGuestOrdersJob,
  expireOrdersJob,
  orderRetentionJob,
  viesCheckJob,
  subscriptionSweepJob,
  ...API_JOBS,
  ...PAYOUT_JOBS,
] as const;

subscribe(profileRenamed, ({ userId }, { tx }) =>
  enqueue(reindexCreatorJob, { userId }, { singletonKey: userId, tx }),
);

subscribe(emailVerified, ({ userId, email }, { tx }) =>
  enqueue(claimGuestOrdersJob, { userId, email }, { singletonKey: userId, tx }),
);

// Each order change runs, in its own transaction, licensing's part (downloads granted, ended,
// suspended) and then payouts' (royalties reversed or restored).
registerOrderEffects("licensing", licensingOrderEffects);
registerOrderEffects("payouts", payoutsOrderEffects);

// A creator's Stripe Connect account changed: payouts keeps its status (commerce owns the webhook).
registerStripeEventHandler("account.updated", connectAccountUpdated);

// The creator hears what happened to their clip (processed, failed, approved, rejected, taken down).
subscribe(clipStatusChanged, (change, { tx }) => queueClipStatusMail(change, { tx }));

// API customers hear of their licenses and payments on their own endpoints (signed webhooks).
subscribe(licenseCreated, (license, { tx }) =>
  sendWebhookEvent(
    "license.created",
    license.userId,
    {
      license_id: license.licenseId,
      clip_id: license.clipId,
      clip_title: license.clipTitle,
      license: license.licenseKind,
      created_at: license.createdAt.toISOString(),
    },
    tx,
  ),
);
// Followers hear of a creator's new clips (each time a clip goes live, a re-publication included).
subscribe(clipStatusChanged, async (change, { tx }) => {
  if (change.to !== "published") return;
  if (!tx) throw new Error("clip.published must be queued in the publication's transaction");
  const followers = await listFollowerIds(tx, change.creatorId);
  await sendWebhookEvent(
    "clip.published",
    followers,
    {
      clip_id: change.clipId,
      title: change.title,
      creator: change.creatorName,
      url: new URL(clipPath(change.clipId), config().PUBLIC_URL).href,
    },
    tx,
  );
});
subscribe(orderPaid, (order, { tx }) =>
  sendWebhookEvent(
    "order.paid",
    order.userId,
    {
      order_id: order.orderId,
      downloads: order.downloads,
      license: order.licenseKind,
      total_cents: order.totalCents,
      paid_at: order.paidAt.toISOString(),
    },
    tx,
  ),
);
