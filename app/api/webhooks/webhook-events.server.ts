import { clipPath } from "~/catalog/clips/clip-id";
import type { ClipStatusChange } from "~/catalog/clips/clip-lifecycle.server";
import type { licenseCreated, orderPaid } from "~/licensing/events.server";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { fanOutClipPublishedJob, sendWebhookEvent } from "../jobs.server";

/**
 * The domain events key owners hear of, as webhook payloads (their shapes: webhook-payloads.ts).
 * app/jobs.server.ts subscribes these to the events; each queues in the change's transaction.
 */

type PayloadOf<E> = E extends { readonly payload?: infer P } ? P : never;

/** A license was created (by the Download button, the API or a plan): its owner hears of it. */
export function sendLicenseCreated(license: PayloadOf<typeof licenseCreated>, { tx }: { tx?: Executor }) {
  return sendWebhookEvent(
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
  );
}

/** An order was paid: its buyer hears of it (a guest order has no one to tell). */
export function sendOrderPaid(order: PayloadOf<typeof orderPaid>, { tx }: { tx?: Executor }) {
  return sendWebhookEvent(
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
  );
}

/**
 * Followers hear of a creator's new clips (each time a clip goes live, a re-publication included):
 * the publication's transaction queues the fan-out, which reads the followers page by page after it.
 */
export async function sendClipPublished(change: ClipStatusChange, { tx }: { tx?: Executor }) {
  if (change.to !== "published") return;
  if (!tx) throw new Error("clip.published must be queued in the publication's transaction");
  const data = {
    clip_id: change.clipId,
    title: change.title,
    creator: change.creatorName,
    url: new URL(clipPath(change.clipId), config().PUBLIC_URL).href,
  };
  await enqueue(fanOutClipPublishedJob, { creatorId: change.creatorId, data, after: null }, { tx });
}
