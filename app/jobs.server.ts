/**
 * Every background job of the app, listed once: the web process (unless WORKERS=0) and
 * `npm run worker` work these, and any process may enqueue them. Domains define their jobs beside
 * their code; domain events that other domains react to are wired here, the one place that sees them all.
 */
import { emailVerified, profileRenamed } from "~/accounts/events.server";
import { clipStatusChanged } from "~/catalog/clip-lifecycle.server";
import { reindexClipsJob, reindexCreatorJob } from "~/catalog/jobs.server";
import { claimGuestOrdersJob } from "~/licensing/jobs.server";
import { MEDIA_JOBS } from "~/media/jobs.server";
import { subscribe } from "~/platform/events.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { retentionJob } from "~/platform/jobs.server";
import { sendMailJob } from "~/platform/mail.server";
import { queueClipStatusMail } from "~/studio/clip-mails.server";
import { STUDIO_JOBS } from "~/studio/jobs.server";
// The demo seed's rendering lives with the seed (outside app/): it is not a feature of the product.
import { renderDemoClipJob } from "../server/seed/media";

export const JOBS = [
  sendMailJob,
  retentionJob,
  reindexCreatorJob,
  reindexClipsJob,
  renderDemoClipJob,
  ...MEDIA_JOBS,
  ...STUDIO_JOBS,
  claimGuestOrdersJob,
] as const;

subscribe(profileRenamed, ({ userId }, { tx }) =>
  enqueue(reindexCreatorJob, { userId }, { singletonKey: userId, tx }),
);

subscribe(emailVerified, ({ userId, email }, { tx }) =>
  enqueue(claimGuestOrdersJob, { userId, email }, { singletonKey: userId, tx }),
);

// The creator hears what happened to their clip (processed, failed, approved, rejected, taken down).
subscribe(clipStatusChanged, (change, { tx }) => queueClipStatusMail(change, { tx }));
