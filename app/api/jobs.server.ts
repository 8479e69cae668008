import type { Executor } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
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

export const API_JOBS = [deliverWebhookJob] as const;

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
