import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import { postWebhook } from "./webhook-post.server";
import {
  isAllowedWebhookUrl,
  WEBHOOK_RETRIES,
  WEBHOOK_TIMEOUT_ERROR,
  WEBHOOKS_PER_USER_MAX,
  type WebhookEvent,
} from "./webhooks";
import {
  countWebhooks,
  deleteWebhookOf,
  findDelivery,
  insertDelivery,
  insertWebhook,
  listDeliveriesOf,
  listWebhooksFor,
  listWebhooksOf,
  recordAttempt,
} from "./webhooks.queries.server";

export { listWebhooksOf as listWebhooks };
export const WEBHOOK_LOG_SIZE = 20;
const TIMEOUT_MS = 10_000;

export async function addWebhook(input: {
  userId: string;
  url: string;
  events: readonly WebhookEvent[];
}): Promise<Result<{ id: string; secret: string }, "too_many" | "url_not_allowed">> {
  // The form's schema lets a local receiver through for trying out; a deployment refuses it here.
  if (!isAllowedWebhookUrl(input.url, { allowLocal: config().NODE_ENV !== "production" }))
    return fail("url_not_allowed");
  if ((await countWebhooks(input.userId)) >= WEBHOOKS_PER_USER_MAX) return fail("too_many");
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  const row = await insertWebhook({
    userId: input.userId,
    url: input.url,
    secret,
    events: [...input.events],
  });
  return ok({ id: row.id, secret });
}

export async function removeWebhook(userId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return fail("not_found" as const);
  return (await deleteWebhookOf(userId, id)) ? ok(null) : fail("not_found" as const);
}

export const listWebhookDeliveries = (userId: string) => listDeliveriesOf(userId, WEBHOOK_LOG_SIZE);

/**
 * The Standard Webhooks signature: HMAC-SHA256 with the secret's bytes over `id.timestamp.body`,
 * sent as `v1,<base64>`; receivers check it and refuse old timestamps (replays).
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/**
 * Queues an event for each endpoint of these owners that takes it: a delivery row (the log) and a
 * job, in the caller's transaction, so the event is sent exactly when the change commits.
 */
export async function queueWebhookEvent(
  event: WebhookEvent,
  userIds: readonly string[],
  data: Record<string, unknown>,
  context: { tx: Executor; deliver: (deliveryId: string, tx: Executor) => Promise<unknown> },
) {
  const hooks = await listWebhooksFor(context.tx, userIds, event);
  for (const hook of hooks) {
    const id = randomUUID();
    const payload = JSON.stringify({ id, type: event, created_at: new Date().toISOString(), data });
    await insertDelivery(context.tx, { id, webhookId: hook.id, event, payload });
    await context.deliver(id, context.tx);
  }
}

/**
 * One attempt to deliver: a POST of the stored payload, signed, within 10 s, redirects not
 * followed. A 2xx delivers it; anything else is noted and thrown so the queue retries it with
 * growing waits, until the last attempt marks it failed.
 */
export async function deliverWebhook(deliveryId: string, now = new Date()): Promise<void> {
  const found = await findDelivery(deliveryId);
  if (found?.delivery.status !== "pending") return;
  const { delivery, webhook } = found;
  const timestamp = Math.floor(now.getTime() / 1000);
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await postWebhook({
      url: webhook.url,
      timeoutMs: TIMEOUT_MS,
      allowLoopback: config().NODE_ENV !== "production",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Verdeo-Webhooks/1",
        "Webhook-Id": delivery.id,
        "Webhook-Timestamp": String(timestamp),
        "Webhook-Signature": signWebhook(webhook.secret, delivery.id, timestamp, delivery.payload),
      },
      body: delivery.payload,
    });
    if (statusCode >= 200 && statusCode < 300) {
      await recordAttempt(delivery.id, { status: "delivered", statusCode, error: null, at: now });
      return;
    }
    error = `HTTP ${statusCode}`;
  } catch (caught) {
    error = (caught as Error).name === "TimeoutError" ? WEBHOOK_TIMEOUT_ERROR : (caught as Error).message;
  }
  const last = delivery.attempts + 1 > WEBHOOK_RETRIES;
  await recordAttempt(delivery.id, { status: last ? "failed" : "pending", statusCode, error, at: now });
  logger.warn({ deliveryId, url: webhook.url, statusCode, error, last }, "webhook delivery failed");
  if (!last) throw new Error(`webhook delivery failed: ${error}`);
}
