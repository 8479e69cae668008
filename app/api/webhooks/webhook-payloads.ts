import { z } from "zod";
import { LICENSES } from "~/catalog/clips/attributes";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "./webhooks";

/**
 * What key owners' endpoints receive: one envelope (`id`, `type`, `created_at`, `data`) per event,
 * with the event's `data` below. The same schemas type the payloads app/jobs.server.ts queues, appear
 * in the OpenAPI document's `webhooks` (openapi.server.ts) and check delivered payloads in the tests.
 */

const Timestamp = z.iso.datetime().meta({ description: "ISO 8601 time in UTC" });

export const LicenseCreatedData = z.object({
  license_id: z.string().meta({ description: "The license, as `GET /licenses` lists it." }),
  clip_id: z.number().int().positive(),
  clip_title: z.string(),
  license: z.enum(LICENSES),
  created_at: Timestamp,
});

export const OrderPaidData = z.object({
  order_id: z.guid(),
  downloads: z.number().int().min(0).meta({ description: "Downloads the order grants." }),
  license: z.enum(LICENSES),
  total_cents: z.number().int().min(0).meta({ description: "What was paid, VAT included, in euro cents." }),
  paid_at: Timestamp,
});

export const ClipPublishedData = z.object({
  clip_id: z.number().int().positive(),
  title: z.string(),
  creator: z.string().meta({ description: "The creator's display name." }),
  url: z.url().meta({ description: "The clip's page." }),
});

/** Each event's `data`. */
export const WEBHOOK_DATA = {
  "license.created": LicenseCreatedData,
  "order.paid": OrderPaidData,
  "clip.published": ClipPublishedData,
} as const satisfies Record<WebhookEvent, z.ZodType>;

export type WebhookData<E extends WebhookEvent> = z.output<(typeof WEBHOOK_DATA)[E]>;

function envelope<E extends WebhookEvent>(event: E) {
  return z
    .object({
      id: z.guid().meta({ description: "The delivery's id, also sent as `Webhook-Id`." }),
      type: z.literal(event),
      created_at: Timestamp,
      data: WEBHOOK_DATA[event],
    })
    .meta({ description: WEBHOOK_EVENT_LABELS[event] });
}

/** The whole body POSTed to an endpoint, per event. */
export const WEBHOOK_PAYLOADS = Object.fromEntries(
  WEBHOOK_EVENTS.map((event) => [event, envelope(event)]),
) as {
  [E in WebhookEvent]: ReturnType<typeof envelope<E>>;
};
