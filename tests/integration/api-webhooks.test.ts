import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliverWebhookJob } from "~/api/jobs.server";
import { action, loader } from "~/api/routes/profile-api";
import { apiWebhookDeliveries } from "~/api/schema.server";
import { WEBHOOK_PAYLOADS } from "~/api/webhooks/webhook-payloads";
import { WEBHOOK_MESSAGES, WEBHOOK_RETRIES } from "~/api/webhooks/webhooks";
import { addWebhook } from "~/api/webhooks/webhooks.server";
import { clips } from "~/catalog/schema.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { storage } from "~/platform/storage/storage.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { apiKeyFor, callApi, contractValidator } from "../factories/api";
import { createClip, createProfile } from "../factories/catalog";
import { routeArgs, settle } from "../factories/commerce";
import { createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { useWebhookReceiver } from "../support/webhook-receiver";

const database = useTestDatabase();

const receiver = useWebhookReceiver();
const { received } = receiver;

async function licensedClipBy(account: { id: string; email: string }) {
  const creator = await createProfile();
  const id = (await createClip({ userId: creator!.id, title: "Webhook clip" }))!;
  const key = `originals/${id}/${randomBytes(4).toString("hex")}.mp4`;
  await storage().put(key, Buffer.from("bytes"), { visibility: "private" });
  await database.db.update(clips).set({ originalKey: key }).where(eq(clips.id, id));
  const apiKey = await apiKeyFor(account.id, ["license"]);
  const answer = await callApi("POST", `/clips/${id}/license`, { key: apiKey });
  expect(answer.status).toBe(201);
  return answer.body.license_id as string;
}

describe("webhooks", () => {
  it("a license sends a signed license.created event to the owner's endpoint", async () => {
    received.length = 0;
    receiver.answerWith = 200;
    const account = await createAccount();
    await createPaidOrder({ userId: account.id, email: account.email, downloads: 3 });
    const hook = await addWebhook({ userId: account.id, url: receiver.url, events: ["license.created"] });
    if (!hook.ok) throw new Error("no webhook");
    const licenseId = await licensedClipBy(account);
    await workDueJobs([deliverWebhookJob]);
    expect(received).toHaveLength(1);
    const [event] = received;
    const body = JSON.parse(event!.body);
    expect(body).toMatchObject({ type: "license.created", data: { license_id: licenseId } });
    // The delivered payload is what the API documents: the Zod schema and the OpenAPI document's webhook.
    expect(WEBHOOK_PAYLOADS["license.created"].parse(body)).toEqual(body);
    contractValidator().checkWebhook("license.created", body);
    const id = event!.headers["webhook-id"];
    const timestamp = event!.headers["webhook-timestamp"];
    const key = Buffer.from(hook.value.secret.replace("whsec_", ""), "base64");
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${event!.body}`).digest("base64");
    expect(event!.headers["webhook-signature"]).toBe(`v1,${expected}`);
    const [delivery] = await database.db
      .select()
      .from(apiWebhookDeliveries)
      .where(eq(apiWebhookDeliveries.id, String(id)));
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });
  });

  it("a paid order sends order.paid; nothing goes to endpoints that did not ask for it or to others", async () => {
    received.length = 0;
    receiver.answerWith = 204;
    const account = await createAccount();
    const other = await createAccount();
    await addWebhook({ userId: account.id, url: receiver.url, events: ["order.paid"] });
    await addWebhook({ userId: other.id, url: receiver.url, events: ["order.paid", "license.created"] });
    const paid = await createPaidOrder({ userId: account.id, email: account.email, downloads: 1 });
    await workDueJobs([deliverWebhookJob]);
    const bodies = received.map((event) => JSON.parse(event.body));
    expect(bodies).toEqual([
      expect.objectContaining({
        type: "order.paid",
        data: expect.objectContaining({ order_id: paid.entitlement.orderId }),
      }),
    ]);
    expect(WEBHOOK_PAYLOADS["order.paid"].parse(bodies[0])).toEqual(bodies[0]);
    contractValidator().checkWebhook("order.paid", bodies[0]);
    await licensedClipBy(account);
    await workDueJobs([deliverWebhookJob]);
    expect(received).toHaveLength(1);
  });

  it("a failing endpoint is retried with backoff and the log shows each attempt; the last one marks it failed", async () => {
    received.length = 0;
    receiver.answerWith = 500;
    const account = await createAccount();
    await createPaidOrder({ userId: account.id, email: account.email, downloads: 2 });
    await addWebhook({ userId: account.id, url: receiver.url, events: ["license.created"] });
    await licensedClipBy(account);
    await workDueJobs([deliverWebhookJob]);
    expect(received).toHaveLength(1);
    const rows = await database.db.select().from(apiWebhookDeliveries);
    const mine = rows.find((row) => row.lastStatusCode === 500)!;
    expect(mine).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 500" });
    // The retry waits (30 s, doubling): nothing is due again at once.
    await workDueJobs([deliverWebhookJob]);
    expect(received).toHaveLength(1);
    expect(deliverWebhookJob.retryLimit).toBe(WEBHOOK_RETRIES);
    expect(deliverWebhookJob.retryBackoff).toBe(true);
    // The last attempt that fails marks the delivery failed rather than retrying forever.
    await database.db
      .update(apiWebhookDeliveries)
      .set({ attempts: WEBHOOK_RETRIES })
      .where(eq(apiWebhookDeliveries.id, mine.id));
    await deliverWebhookJob.handler(
      { deliveryId: mine.id },
      { id: "test", signal: new AbortController().signal },
    );
    const [after] = await database.db
      .select()
      .from(apiWebhookDeliveries)
      .where(eq(apiWebhookDeliveries.id, mine.id));
    expect(after).toMatchObject({ status: "failed", attempts: WEBHOOK_RETRIES + 1 });
  });

  it("the profile adds an https endpoint (secret shown once), refuses plain http elsewhere, and lists deliveries", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    const post = (fields: [string, string][]) =>
      settle(() =>
        action(
          routeArgs(
            new Request("http://localhost:3000/profile/api", {
              method: "POST",
              headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(fields),
            }),
          ) as never,
        ),
      );
    const refused = await post([
      ["intent", "add-webhook"],
      ["url", "http://example.com/hook"],
      ["events", "order.paid"],
    ]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(WEBHOOK_MESSAGES.urlInvalid);
    const added = await post([
      ["intent", "add-webhook"],
      ["url", "https://example.com/hook"],
      ["events", "order.paid"],
    ]);
    expect((added.data as { secret: string }).secret).toMatch(/^whsec_/);
    const page = await settle(() =>
      loader(
        routeArgs(new Request("http://localhost:3000/profile/api", { headers: { Cookie: cookie } })) as never,
      ),
    );
    const loaded = page.data as { webhooks: { url: string }[]; deliveries: unknown[] };
    expect(loaded.webhooks.map((hook) => hook.url)).toEqual(["https://example.com/hook"]);
    expect(JSON.stringify(loaded)).not.toContain("whsec_");
  });
});
