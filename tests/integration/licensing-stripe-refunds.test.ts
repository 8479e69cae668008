import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ordersPending } from "~/commerce/schema.server";
import { markOrderPaid, refundOrder } from "~/licensing/orders.server";
import { entitlements } from "~/licensing/schema.server";
import { listAudit } from "~/platform/audit.server";
import { loadConfig } from "~/platform/config.server";
import { createOrder, createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

/** What the fake Stripe API was asked: method, path, form body and idempotency key. */
interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}
const seen: Seen[] = [];
let failWith: { status: number; code: string } | undefined;
const refundsByKey = new Map<string, string>();

/** A local stand-in for api.stripe.com: answers refunds.create like Stripe (idempotent per key). */
const fake = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => {
    raw += chunk;
  });
  req.on("end", () => {
    const key = req.headers["idempotency-key"] as string | undefined;
    seen.push({ method: req.method!, path: req.url!, body: new URLSearchParams(raw), idempotencyKey: key });
    res.setHeader("Content-Type", "application/json");
    if (failWith) {
      res.statusCode = failWith.status;
      res.end(
        JSON.stringify({ error: { type: "invalid_request_error", code: failWith.code, message: "no" } }),
      );
      return;
    }
    if (req.method !== "POST" || req.url !== "/v1/refunds") {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "unknown" } }));
      return;
    }
    const id = refundsByKey.get(key ?? "") ?? `re_test_${refundsByKey.size + 1}`;
    if (key) refundsByKey.set(key, id);
    res.end(JSON.stringify({ id, object: "refund", status: "succeeded" }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  process.env.STRIPE_SECRET_KEY = "sk_test_offline";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_refunds";
  process.env.STRIPE_API_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  loadConfig();
});

afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_URL;
  loadConfig();
  await new Promise((resolve) => fake.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  failWith = undefined;
});

async function cardPaidOrder(paymentIntent: string) {
  const order = await createOrder({ downloads: 10 });
  const paid = await markOrderPaid({
    orderId: order.id,
    reference: `stripe:${paymentIntent}`,
    paidAt: new Date(),
    actor: { kind: "system", name: "stripe" },
  });
  if (!paid.ok) throw new Error(paid.reason);
  return order;
}

const refundAudit = async (orderId: string) =>
  (await listAudit({ targetType: "order", targetId: orderId })).filter(
    (entry) => entry.action === "order.refund",
  );

const statusOf = async (orderId: string) =>
  (await database.db.select().from(ordersPending).where(eq(ordersPending.id, orderId)))[0]?.status;

describe("refunding a card payment", () => {
  it("refunds through Stripe with the payment intent and the order id as idempotency key, once for a double click", async () => {
    const order = await cardPaidOrder("pi_test_refund_1");

    const [first, second] = await Promise.all([
      refundOrder({ orderId: order.id, actor: STAFF_ACTOR }),
      refundOrder({ orderId: order.id, actor: STAFF_ACTOR }),
    ]);

    expect([first.ok && first.value.changed, second.ok && second.value.changed].sort()).toEqual([
      false,
      true,
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/refunds", idempotencyKey: order.id });
    expect(seen[0]!.body.get("payment_intent")).toBe("pi_test_refund_1");
    expect(await statusOf(order.id)).toBe("refunded");
    const [entry] = await refundAudit(order.id);
    expect(entry?.after).toMatchObject({ stripeRefundId: "re_test_1", paymentIntent: "pi_test_refund_1" });
  });

  it("when Stripe refuses, nothing changes: the order stays paid with its downloads, and no audit entry", async () => {
    const order = await cardPaidOrder("pi_test_refund_2");
    failWith = { status: 400, code: "charge_disputed" };

    expect(await refundOrder({ orderId: order.id, actor: STAFF_ACTOR })).toEqual({
      ok: false,
      reason: "refund_failed",
    });

    expect(await statusOf(order.id)).toBe("paid");
    const [grant] = await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
    expect(grant?.revokedAt ?? null).toBeNull();
    expect(await refundAudit(order.id)).toHaveLength(0);
  });

  it("a payment Stripe already refunded in full counts as refunded", async () => {
    const order = await cardPaidOrder("pi_test_refund_3");
    failWith = { status: 400, code: "charge_already_refunded" };
    const result = await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    expect(result.ok && result.value.changed).toBe(true);
    expect(await statusOf(order.id)).toBe("refunded");
  });

  it("an order paid by hand is refunded without asking Stripe", async () => {
    const paid = await createPaidOrder({ downloads: 5 });
    const result = await refundOrder({ orderId: paid.order.id, actor: STAFF_ACTOR });
    expect(result.ok && result.value.changed).toBe(true);
    expect(seen).toHaveLength(0);
  });
});
