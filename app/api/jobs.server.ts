import { listFollowerIdsAfter } from "~/catalog/collections/follows.server";
import { db, type Executor } from "~/platform/db/client.server";
import { defineJob, type JobDefinition } from "~/platform/jobs/define.server";
import { enqueue } from "~/platform/jobs/queue.server";
import type { WebhookData } from "./webhooks/webhook-payloads";
import { WEBHOOK_RETRIES, type WebhookEvent } from "./webhooks/webhooks";
import { deliverWebhook, queueWebhookEvent } from "./webhooks/webhooks.server";

/** Delivers one webhook event; retried with doubling waits from 30 s up to an hour. */
export const deliverWebhookJob = defineJob<{ deliveryId: string }>({
  name: "api.deliver-webhook",
  handler: ({ deliveryId }) => deliverWebhook(deliveryId),
  retryLimit: WEBHOOK_RETRIES,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 3_600,
  expireInSeconds: 60,
});

/** Followers a fan-out page covers: one transaction's worth of deliveries. */
export const FAN_OUT_PAGE = 500;

type FanOut = {
  creatorId: string;
  data: WebhookData<"clip.published">;
  after: string | null;
  /** Followers per page: FAN_OUT_PAGE unless a test asks for small pages. */
  pageSize?: number;
};

/**
 * A new clip's `clip.published` to its creator's followers, a page at a time, each page in a
 * transaction of its own that also queues the next: a creator with a million followers costs the
 * approval one queued job, not a million rows read inside the staff member's transaction. Like
 * every webhook, delivered at least once (a page retried after its commit is sent again).
 */
export const fanOutClipPublishedJob: JobDefinition<FanOut> = defineJob<FanOut>({
  name: "api.fan-out-clip-published",
  handler: ({ creatorId, data, after, pageSize = FAN_OUT_PAGE }) =>
    db().transaction(async (tx) => {
      const followers = await listFollowerIdsAfter(tx, creatorId, after, pageSize);
      await sendWebhookEvent("clip.published", followers, data, tx);
      const last = followers.at(-1);
      if (followers.length === pageSize && last)
        await enqueue(fanOutClipPublishedJob, { creatorId, data, after: last, pageSize }, { tx });
    }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
});

export const API_JOBS = [deliverWebhookJob, fanOutClipPublishedJob] as const;

/** An event for its recipients' endpoints, queued in the transaction of the change it reports. */
export function sendWebhookEvent<E extends WebhookEvent>(
  event: E,
  recipients: string | null | readonly string[],
  data: WebhookData<E>,
  tx: Executor | undefined,
) {
  if (!tx) throw new Error(`webhook event ${event} must be queued in its change's transaction`);
  const userIds = recipients === null ? [] : typeof recipients === "string" ? [recipients] : recipients;
  return queueWebhookEvent(event, userIds, data, {
    tx,
    deliver: (deliveryId, executor) => enqueue(deliverWebhookJob, { deliveryId }, { tx: executor }),
  });
}
