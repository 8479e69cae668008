/**
 * Every background job of the app, listed once: the web process (unless WORKERS=0) and
 * `npm run worker` work these, and any process may enqueue them. Domains define their jobs beside
 * their code; domain events that other domains react to are wired here, the one place that sees them all.
 */
import { accountSuspended, emailVerified, profileRenamed } from "~/accounts/events.server";
import { accountRetentionJob } from "~/accounts/jobs.server";
import { API_JOBS } from "~/api/jobs.server";
import { forgetApiCallersOf } from "~/api/keys/recent-callers.server";
import { sendClipPublished, sendLicenseCreated, sendOrderPaid } from "~/api/webhooks/webhook-events.server";
import { clipStatusChanged } from "~/catalog/clips/clip-lifecycle.server";
import { reindexClipsJob, reindexCreatorJob } from "~/catalog/jobs.server";
import { registerProfileLibrary } from "~/catalog/profile/profile-library-source.server";
import {
  claimGuestOrdersJob,
  expireOrdersJob,
  orderRetentionJob,
  subscriptionSweepJob,
} from "~/commerce/jobs.server";
import { registerOrderDocuments } from "~/commerce/orders/order-documents.server";
import { registerOrderEffects } from "~/commerce/orders/order-effects.server";
import { vatConfirmedOrderJob } from "~/commerce/orders/vat-corrections.server";
import { vatNumberCheckJob } from "~/commerce/pricing/vat-check.server";
import { viesCheckJob } from "~/commerce/pricing/vies.server";
import { expireCheckoutSessionJob } from "~/commerce/stripe/checkout-expiry.server";
import { COMMERCE_STRIPE_HANDLERS } from "~/commerce/stripe/stripe-sync.server";
import { licenseCreated, orderPaid } from "~/licensing/events.server";
import { buyerProfileLibrary, certificatesOfOrder } from "~/licensing/library.server";
import { licensingOrderEffects } from "~/licensing/order-effects.server";
import { clipPeopleSeen } from "~/media/analysis/seen-people.server";
import { MEDIA_JOBS } from "~/media/jobs.server";
import { fetchEcbRatesJob } from "~/payments/rates/exchange-rates.server";
import { registerStripeEventHandlers } from "~/payments/stripe-gateway.server";
import { PAYOUTS_STRIPE_HANDLERS } from "~/payouts/details/payout-details-stripe.server";
import { PAYOUT_JOBS } from "~/payouts/jobs.server";
import { payoutsOrderEffects } from "~/payouts/ledger/order-effects.server";
import { subscribe } from "~/platform/events.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { rateLimitSweepJob, retentionJob } from "~/platform/jobs.server";
import { sendMailJob } from "~/platform/mail.server";
import { queueClipStatusMail } from "~/studio/clips/clip-mails.server";
import { STUDIO_JOBS } from "~/studio/jobs.server";
import { refreshSeenPeople } from "~/studio/releases/clip-releases.server";

export const JOBS = [
  sendMailJob,
  retentionJob,
  rateLimitSweepJob,
  accountRetentionJob,
  reindexCreatorJob,
  reindexClipsJob,
  ...MEDIA_JOBS,
  ...STUDIO_JOBS,
  claimGuestOrdersJob,
  expireOrdersJob,
  orderRetentionJob,
  viesCheckJob,
  vatNumberCheckJob,
  vatConfirmedOrderJob,
  fetchEcbRatesJob,
  expireCheckoutSessionJob,
  subscriptionSweepJob,
  ...API_JOBS,
  ...PAYOUT_JOBS,
] as const;

subscribe(profileRenamed, ({ userId }, { tx }) =>
  enqueue(reindexCreatorJob, { userId }, { singletonKey: userId, tx }),
);

// Not a job: the process that suspended someone stops trusting their keys' recent callers at once.
subscribe(accountSuspended, async ({ userId }) => forgetApiCallersOf(userId));

subscribe(emailVerified, ({ userId, email }, { tx }) =>
  enqueue(claimGuestOrdersJob, { userId, email }, { singletonKey: userId, tx }),
);

// Each order change runs, in its own transaction, licensing's part (downloads granted, ended,
// suspended) and then payouts' (royalties reversed or restored).
registerOrderEffects("licensing", licensingOrderEffects);
registerOrderEffects("payouts", payoutsOrderEffects);
// The buyer's order page links the certificates of the licenses made with the order.
registerOrderDocuments("licensing", certificatesOfOrder);
// The profile's Downloads and Orders tabs, rendered on the server by catalog's profile page.
registerProfileLibrary(buyerProfileLibrary);

// Stripe's events, one table for both endpoints (payments owns the intake, decision 0021): Verdeo's
// own account's go to commerce (orders, subscriptions, refunds, disputes), creators' Connect
// accounts' to payouts.
registerStripeEventHandlers("account", COMMERCE_STRIPE_HANDLERS);
registerStripeEventHandlers("connect", PAYOUTS_STRIPE_HANDLERS);

// The creator hears what happened to their clip (processed, failed, approved, rejected, taken down).
subscribe(clipStatusChanged, (change, { tx }) => queueClipStatusMail(change, { tx }));

// A new analysis files the clip under the people seen, weighed against its releases (Explore's People
// filter); it runs in the analysis job, after the result is stored.
subscribe(clipPeopleSeen, ({ clipId }) => refreshSeenPeople(clipId));

// API customers hear of their licenses and payments, and followers of new clips, on their own
// endpoints (signed webhooks; the payloads' shapes are app/api/webhooks/webhooks/webhook-payloads.ts).
subscribe(licenseCreated, sendLicenseCreated);
subscribe(clipStatusChanged, sendClipPublished);
subscribe(orderPaid, sendOrderPaid);
