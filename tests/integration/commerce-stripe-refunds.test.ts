import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelOrder, markOrderPaid, refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { orders } from "~/commerce/schema.server";
import { entitlements } from "~/licensing/schema.server";
import { refundIdempotencyKey } from "~/payments/stripe-client.server";
import { listAudit } from "~/platform/audit.server";
import { loadConfig } from "~/platform/config.server";
import { ORDER_TEXTS, action as orderAction } from "~/staff/routes/order";
import { createOrder, createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";

const database = useTestDatabase();

/** A local Stripe (refunds idempotent per key, Checkout sessions) that can fail on demand. */
let fake: FakeStripe;
const refundRequests = () => fake.requests.filter((request) => request.path === "/v1/refunds");

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: "whsec_test_refunds", autoDeliver: false });
  // An order recorded by its Checkout session before payment intents were kept.
  fake.addSession({
    id: "cs_test_old_reference",
    object: "checkout.session",
    payment_intent: "pi_test_from_session",
  });
  useStripe(true);
  staff = await signedIn("developer");
});

afterAll(async () => {
  useStripe(false);
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith = undefined;
});

let staff: Awaited<ReturnType<typeof signedIn>>;

/** Card payment on (pointed at the fake) or off, as a server without Stripe keys. */
function useStripe(on: boolean) {
  if (on) {
    process.env.STRIPE_SECRET_KEY = "sk_test_offline";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_refunds";
    process.env.STRIPE_API_URL = fake.url;
  } else {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
  }
  loadConfig();
}

/** An order paid through Stripe Checkout: the webhook records `stripe:` and the payment intent. */
async function cardPaidOrder(paymentReference: string) {
  const order = await createOrder({ downloads: 10 });
  const paid = await markOrderPaid({
    orderId: order.id,
    reference: paymentReference,
    paidAt: new Date(),
    actor: { kind: "system", name: "stripe" },
  });
  if (!paid.ok) throw new Error(paid.reason);
  return order;
}

/** A staff member's confirmed Cancel or Refund in the console. */
const submit = (orderId: string, intent: "cancel" | "refund") =>
  post(orderAction, `/staff/orders/${orderId}`, { intent, confirmed: "yes" }, staff.cookie, { orderId });

const closeAudit = async (orderId: string) =>
  (await listAudit({ targetType: "order", targetId: orderId })).filter((entry) =>
    ["order.refund", "order.cancel"].includes(entry.action),
  );

const statusOf = async (orderId: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

const grantOf = async (orderId: string) =>
  (await database.db.select().from(entitlements).where(eq(entitlements.orderId, orderId)))[0];

/** Expects the order exactly as paid: status, downloads still usable, no close in its history. */
async function expectStillPaid(orderId: string) {
  expect(await statusOf(orderId)).toBe("paid");
  expect((await grantOf(orderId))?.revokedAt ?? null).toBeNull();
  expect(await closeAudit(orderId)).toHaveLength(0);
}

describe("refunding a card payment from the staff console", () => {
  it("one staff refund makes one Stripe refund of the order's payment intent and total, keyed by the order", async () => {
    const order = await cardPaidOrder("stripe:pi_test_refund_1");

    const reply = await submit(order.id, "refund");

    expect(reply.status).toBe(302);
    expect(refundRequests()).toHaveLength(1);
    const [request] = refundRequests();
    expect(request).toMatchObject({ method: "POST", idempotencyKey: refundIdempotencyKey(order.id) });
    expect(request!.body.get("payment_intent")).toBe("pi_test_refund_1");
    expect(request!.body.get("amount")).toBe(String(order.totalCents));
    expect(request!.body.get("metadata[orderId]")).toBe(order.id);
    expect(await statusOf(order.id)).toBe("refunded");
    expect((await grantOf(order.id))?.revokedAt).toBeInstanceOf(Date);
    const [entry] = await closeAudit(order.id);
    expect(entry).toMatchObject({ actorId: staff.id, action: "order.refund" });
    expect(entry?.after).toMatchObject({
      stripeRefundId: fake.refundIdOf(refundIdempotencyKey(order.id)),
      paymentIntent: "pi_test_refund_1",
      refundedCents: order.totalCents,
    });
  });

  it("a double submit refunds the card once: the second waits for the first and finds the order refunded", async () => {
    const order = await cardPaidOrder("stripe:pi_test_double");

    const replies = await Promise.all([submit(order.id, "refund"), submit(order.id, "refund")]);
    const again = await submit(order.id, "refund");

    expect([...replies, again].map((reply) => reply.status)).toEqual([302, 302, 302]);
    expect(refundRequests()).toHaveLength(1);
    expect(await statusOf(order.id)).toBe("refunded");
    expect(await closeAudit(order.id)).toHaveLength(1);
  });

  it("cancelling a card-paid order refunds the card too; a refund and a cancel racing refund it once", async () => {
    const cancelled = await cardPaidOrder("stripe:pi_test_cancel");
    expect((await submit(cancelled.id, "cancel")).status).toBe(302);
    expect(refundRequests().map((request) => request.body.get("payment_intent"))).toEqual(["pi_test_cancel"]);
    expect(await statusOf(cancelled.id)).toBe("cancelled");
    expect((await closeAudit(cancelled.id))[0]?.after).toMatchObject({ paymentIntent: "pi_test_cancel" });

    fake.requests.length = 0;
    const raced = await cardPaidOrder("stripe:pi_test_race");
    const replies = await Promise.all([submit(raced.id, "refund"), submit(raced.id, "cancel")]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([302, 409]);
    expect(refundRequests()).toHaveLength(1);
    expect(await closeAudit(raced.id)).toHaveLength(1);
  });

  it("when Stripe refuses, the order stays paid with its downloads and staff read why", async () => {
    const order = await cardPaidOrder("stripe:pi_test_refused");
    fake.failWith = { status: 400, code: "charge_disputed" };

    const reply = await submit(order.id, "refund");

    expect(reply).toMatchObject({ status: 409, data: { formError: ORDER_TEXTS.refundRefused } });
    await expectStillPaid(order.id);
    expect(await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR })).toEqual({
      ok: false,
      reason: "refund_refused",
    });
    await expectStillPaid(order.id);
  });

  it("when Stripe cannot be reached, the order stays paid and staff are told to try again", async () => {
    const order = await cardPaidOrder("stripe:pi_test_unreachable");
    fake.failWith = "drop";

    const reply = await submit(order.id, "refund");

    expect(reply).toMatchObject({ status: 503, data: { formError: ORDER_TEXTS.refundUnavailable } });
    expect(refundRequests().length).toBeGreaterThan(0);
    await expectStillPaid(order.id);

    fake.failWith = undefined;
    expect((await submit(order.id, "refund")).status).toBe(302);
    expect(await statusOf(order.id)).toBe("refunded");
  });

  it("a card refunded while the order's change fails to commit is reported, and submitting again records it without a second refund", async () => {
    const order = await cardPaidOrder("stripe:pi_test_not_recorded");
    await database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    let reply: Awaited<ReturnType<typeof submit>>;
    try {
      reply = await submit(order.id, "refund");
    } finally {
      await database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    expect(reply).toMatchObject({ status: 500, data: { formError: ORDER_TEXTS.refundNotRecorded } });
    expect(await statusOf(order.id)).toBe("paid");

    expect((await submit(order.id, "refund")).status).toBe(302);

    const requests = refundRequests();
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map((request) => request.idempotencyKey))).toEqual(
      new Set([refundIdempotencyKey(order.id)]),
    );
    expect(await statusOf(order.id)).toBe("refunded");
    const [entry] = await closeAudit(order.id);
    expect(entry?.after).toMatchObject({ stripeRefundId: fake.refundIdOf(refundIdempotencyKey(order.id)) });
  });

  it("a payment Stripe already refunded in full counts as refunded", async () => {
    const order = await cardPaidOrder("stripe:pi_test_refund_3");
    fake.failWith = { status: 400, code: "charge_already_refunded" };
    const result = await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    expect(result.ok && result.value.changed).toBe(true);
    expect(await statusOf(order.id)).toBe("refunded");
  });

  it("a payment recorded by its Checkout session is refunded through the session's payment intent", async () => {
    const order = await cardPaidOrder("stripe:cs_test_old_reference");
    expect((await submit(order.id, "refund")).status).toBe(302);
    expect(refundRequests().map((request) => request.body.get("payment_intent"))).toEqual([
      "pi_test_from_session",
    ]);
  });

  it("a card-paid order on a server without Stripe keys is not closed, and staff read why", async () => {
    const order = await cardPaidOrder("stripe:pi_test_no_keys");
    useStripe(false);
    try {
      const reply = await submit(order.id, "cancel");
      expect(reply).toMatchObject({ status: 409, data: { formError: ORDER_TEXTS.refundUnconfigured } });
    } finally {
      useStripe(true);
    }
    expect(fake.requests).toHaveLength(0);
    await expectStillPaid(order.id);
  });

  it("an order paid by hand is refunded or cancelled without asking Stripe", async () => {
    const refunded = await createPaidOrder({ downloads: 5 });
    const cancelled = await createPaidOrder({ downloads: 5 });
    expect((await submit(refunded.order.id, "refund")).status).toBe(302);
    expect((await submit(cancelled.order.id, "cancel")).status).toBe(302);
    expect(fake.requests).toHaveLength(0);
    expect(await statusOf(refunded.order.id)).toBe("refunded");
    expect(await statusOf(cancelled.order.id)).toBe("cancelled");
  });

  it("staff cannot type a payment reference that would pass for a card payment", async () => {
    const order = await createOrder();
    const reply = await post(
      orderAction,
      `/staff/orders/${order.id}`,
      { intent: "mark-paid", reference: "stripe:pi_typed", paidAt: new Date().toISOString().slice(0, 10) },
      staff.cookie,
      { orderId: order.id },
    );
    expect(reply).toMatchObject({
      status: 400,
      data: { fieldErrors: { reference: ORDER_TEXTS.referencePrefix } },
    });
    expect(await statusOf(order.id)).toBe("awaiting_payment");
  });
});
