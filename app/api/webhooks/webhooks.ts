import { z } from "zod";

/** The events a key owner can receive. */
export const WEBHOOK_EVENTS = ["license.created", "order.paid", "clip.published"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "license.created": "license.created: you licensed a clip",
  "order.paid": "order.paid: an order of yours was paid",
  "clip.published": "clip.published: a creator you follow published a clip",
};

export const WEBHOOKS_PER_USER_MAX = 5;
export const WEBHOOK_URL_MAX = 500;
/** Attempts after the first, with doubling waits from 30 s (about 2 hours in all). */
export const WEBHOOK_RETRIES = 8;
/** A delivery's error when the endpoint did not answer in time (kept in the log; the page translates it). */
export const WEBHOOK_TIMEOUT_ERROR = "No answer within 10 s";

export const WEBHOOK_MESSAGES = {
  urlInvalid: "Enter the full https:// address of your endpoint, on a public host.",
  urlTooLong: `An endpoint address is at most ${WEBHOOK_URL_MAX} characters.`,
  eventRequired: "Choose at least one event.",
  tooMany: `You have ${WEBHOOKS_PER_USER_MAX} endpoints already: remove one first.`,
  added: "Endpoint added. Copy its signing secret now: it is not shown again.",
  removed: "Endpoint removed.",
  notFound: "That endpoint does not exist.",
} as const;

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];
/** Addresses inside a network (loopback, private, link-local, cloud metadata) as URL hosts write them. */
const INTERNAL_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[.*\])$/i;

/**
 * https to a public host, without credentials in the URL. Plain http to this machine only where
 * `allowLocal` (development and tests, to try a receiver out): a deployment never posts to its own
 * network.
 */
export function isAllowedWebhookUrl(value: string, options: { allowLocal?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (options.allowLocal && url.protocol === "http:") return LOOPBACK.includes(url.hostname);
  return url.protocol === "https:" && !INTERNAL_HOST.test(url.hostname);
}

export const AddWebhookSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
    .refine((url) => isAllowedWebhookUrl(url, { allowLocal: true }), WEBHOOK_MESSAGES.urlInvalid),
  events: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventRequired }))
      .min(1, WEBHOOK_MESSAGES.eventRequired)
      .max(WEBHOOK_EVENTS.length),
  ),
});
