import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cancelOrder, expireOrder, refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { creditNotes, orders, subscriptions } from "~/commerce/schema.server";
import { expireCheckoutSessionJob } from "~/commerce/stripe/checkout-expiry.server";
import { startCardCheckout } from "~/commerce/stripe/stripe.server";
import { loader as creditNoteLoader } from "~/licensing/routes/credit-note";
import { stripeEvents } from "~/payments/schema.server";
import { listAudit } from "~/platform/audit.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { routeArgs } from "../factories/commerce";
import { createOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import type { StripeEventJson } from "../support/fake-stripe";
import { outboxFor } from "../support/outbox";
import { useFakeStripe } from "../support/use-fake-stripe";

/*
 * Stripe retries a delivery for days and promises no order: each event here arrives late, twice
 * and out of order, and changes what it should exactly once (docs/decisions/0024).
 */

const database = useTestDatabase();
const stripe = useFakeStripe("whsec_test_late_events");
beforeEach(() => {
  stripe.fake.requests.length = 0;
});

/** Delivers events twice over, the second time in reverse order. */
async function deliverTwiceOutOfOrder(events: StripeEventJson[]) {
  const first = await stripe.fake.deliverAll(events);
  const again = await stripe.fake.deliverAll([...events].reverse());
  return [...first, ...again];
}

const email = () => `late-${Math.random().toString(36).slice(2)}@example.com`;
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRequests = () => stripe.fake.requests.filter((request) => request.path === "/v1/refunds");
const mailsEndingWith = async (to: string, subject: string) =>
  (await outboxFor(to)).filter((mail) => mail.subject.endsWith(subject));
const auditActions = async (targetType: string, targetId: string) =>
  (await listAudit({ targetType, targetId })).map((entry) => entry.action).reverse();

/** An order handed to Stripe Checkout: answers it with its open session's id. */
async function orderAtCheckout(overrides: Parameters<typeof createOrder>[0] = {}) {
  const order = await createOrder({ email: email(), ...overrides });
  const checkout = await startCardCheckout(order.id);
  if (!checkout.ok) throw new Error(checkout.reason);
  return { order, sessionId: checkout.value.url.split("/").pop()! };
}

/** A Pro monthly buyer subscribed through Checkout, every event delivered. */
async function subscribe() {
  const account = await createAccount({ email: email() });
  const { order, sessionId } = await orderAtCheckout({
    planCategory: "pro",
    billing: "monthly",
    downloads: 0,
    email: account.email,
    userId: account.id,
  });
  await stripe.fake.deliverAll(await stripe.fake.completeCheckout(sessionId));
  const stripeId = stripe.fake.sessions.get(sessionId)!.subscription as string;
  const subscription = (
    await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id))
  )[0]!;
  return { order, stripeId, subscription };
}

const subscriptionRow = async (id: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const ordersOfSubscription = (id: string) =>
  database.db.select().from(orders).where(eq(orders.subscriptionId, id));

describe("a renewal paid after Stripe deleted the subscription", () => {
  it("leaves the subscription ended and refunds the late invoice once, however it is delivered", async () => {
    const { order, stripeId, subscription } = await subscribe();
    stripe.fake.clock = Math.floor(subscription.currentPeriodEnd.getTime() / 1000);
    await stripe.fake.deliverAll(await stripe.fake.renew(stripeId, "failed"));
    stripe.fake.clock += 3 * 86_400;
    const deleted = await stripe.fake.endSubscription(stripeId);
    stripe.fake.clock += 3_600;
    // The buyer pays the open invoice after Stripe gave up on it.
    const latePaid = await stripe.fake.retryPayment(stripeId);

    const statuses = await deliverTwiceOutOfOrder([...deleted, ...latePaid]);

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "ended" });
    expect(await ordersOfSubscription(subscription.id)).toHaveLength(1);
    const invoiceId = (latePaid[0]!.data.object as { id: string }).id;
    const refunds = refundRequests().filter(
      (request) => request.idempotencyKey === `late-invoice-${invoiceId}`,
    );
    expect(refunds).toHaveLength(1);
    expect(await auditActions("subscription", subscription.id)).toEqual([
      "subscription.payment_failed",
      "subscription.ended",
      "subscription.late_payment_refunded",
    ]);
    expect(await mailsEndingWith(order.email, "payment refunded")).toHaveLength(1);
  });

  it("a late invoice delivered before the deletion it followed is refunded when the deletion arrives", async () => {
    const { order, stripeId, subscription } = await subscribe();
    stripe.fake.clock = Math.floor(subscription.currentPeriodEnd.getTime() / 1000);
    await stripe.fake.deliverAll(await stripe.fake.renew(stripeId, "failed"));
    stripe.fake.clock += 3 * 86_400;
    const deleted = await stripe.fake.endSubscription(stripeId);
    stripe.fake.clock += 3_600;
    const latePaid = await stripe.fake.retryPayment(stripeId);

    await deliverTwiceOutOfOrder([...latePaid, ...deleted]);

    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "ended" });
    const renewal = (await ordersOfSubscription(subscription.id)).find((row) => row.id !== order.id)!;
    expect(renewal).toMatchObject({ status: "refunded", refundedCents: renewal.totalCents });
    expect(
      refundRequests().filter((request) => request.body.get("metadata[orderId]") === renewal.id),
    ).toHaveLength(1);
    expect(
      await database.db.select().from(creditNotes).where(eq(creditNotes.orderId, renewal.id)),
    ).toHaveLength(1);
    expect(await mailsEndingWith(order.email, "refunded")).toHaveLength(1);
  });

  it("an invoice paid while the subscription ran, told after its deletion, is recorded and the subscription stays ended", async () => {
    const { order, stripeId, subscription } = await subscribe();
    stripe.fake.clock = Math.floor(subscription.currentPeriodEnd.getTime() / 1000);
    const renewed = await stripe.fake.renew(stripeId);
    stripe.fake.clock += 86_400;
    const deleted = await stripe.fake.endSubscription(stripeId);

    await deliverTwiceOutOfOrder([...deleted, ...renewed]);

    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "ended" });
    const periods = await ordersOfSubscription(subscription.id);
    expect(periods.map((row) => row.status)).toEqual(["paid", "paid"]);
    expect(
      refundRequests().filter((request) => request.body.get("metadata[orderId]") === order.id),
    ).toHaveLength(0);
  });
});

describe("a card payment for an order that was cancelled or expired", () => {
  it("cancelling an order expires its open Checkout session, so it can no longer be paid", async () => {
    const { order, sessionId } = await orderAtCheckout();

    await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR });
    await workDueJobs([expireCheckoutSessionJob]);

    expect(stripe.fake.sessions.get(sessionId)).toMatchObject({ status: "expired" });
    await expect(stripe.fake.completeCheckout(sessionId)).rejects.toThrow(/expired/);
    expect(await auditActions("order", order.id)).toEqual(["order.cancel"]);
  });

  it("a payment made before the expiry reached Stripe is refunded once, recorded and mailed", async () => {
    const { order, sessionId } = await orderAtCheckout();
    const paid = await stripe.fake.completeCheckout(sessionId);
    await expireOrder({ orderId: order.id });
    // Too late to expire the session: Stripe says it is complete, and the job lets it be.
    await workDueJobs([expireCheckoutSessionJob]);

    const statuses = await deliverTwiceOutOfOrder(paid);

    expect(statuses.every((status) => status === 200)).toBe(true);
    const paymentIntent = stripe.fake.sessions.get(sessionId)!.payment_intent as string;
    const refunds = refundRequests();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body.get("payment_intent")).toBe(paymentIntent);
    expect(refunds[0]!.body.get("amount")).toBe(String(order.totalCents));
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paidAt: null,
      paymentReference: `stripe:${paymentIntent}`,
    });
    expect(await auditActions("order", order.id)).toEqual(["order.expire", "order.late_payment_refunded"]);
    const recorded = await database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, paid.at(-1)!.id));
    expect(recorded).toHaveLength(1);
    expect(await mailsEndingWith(order.email, "payment refunded")).toHaveLength(1);
  });

  it("when Stripe cannot refund the late payment now, the event answers 503 and its redelivery refunds once", async () => {
    const { order, sessionId } = await orderAtCheckout();
    const paid = await stripe.fake.completeCheckout(sessionId);
    await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR });
    const completed = paid.filter((event) => event.type === "checkout.session.completed");

    stripe.fake.failWith = "drop";
    try {
      expect(await stripe.fake.deliverAll(completed)).toEqual([503]);
    } finally {
      stripe.fake.failWith = undefined;
    }
    expect(await auditActions("order", order.id)).toEqual(["order.cancel"]);

    expect(await stripe.fake.deliverAll(completed, 2)).toEqual([200, 200]);
    const keys = new Set(refundRequests().map((request) => request.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(await auditActions("order", order.id)).toEqual(["order.cancel", "order.late_payment_refunded"]);
    expect(await mailsEndingWith(order.email, "payment refunded")).toHaveLength(1);
  });

  it("a Pro order paid after it was cancelled is refunded and the subscription Stripe started is stopped", async () => {
    const { order, sessionId } = await orderAtCheckout({
      planCategory: "pro",
      billing: "monthly",
      downloads: 0,
    });
    const paid = await stripe.fake.completeCheckout(sessionId);
    await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR });

    await deliverTwiceOutOfOrder(paid);

    expect(refundRequests()).toHaveLength(1);
    const stripeId = stripe.fake.sessions.get(sessionId)!.subscription as string;
    expect(stripe.fake.subscriptions.get(stripeId)).toMatchObject({ status: "canceled" });
    expect(
      await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id)),
    ).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paidAt: null });
    expect(await mailsEndingWith(order.email, "payment refunded")).toHaveLength(1);
  });
});

describe("refunds in part and in full", () => {
  /** An order paid by card through Checkout; answers it with its payment intent. */
  async function cardPaid() {
    const account = await createAccount({ email: email() });
    const { order, sessionId } = await orderAtCheckout({ email: account.email, userId: account.id });
    await stripe.fake.deliverAll(await stripe.fake.completeCheckout(sessionId));
    const paymentIntent = stripe.fake.sessions.get(sessionId)!.payment_intent as string;
    return { account, order: await orderRow(order.id), paymentIntent };
  }

  const notesOf = (orderId: string) =>
    database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, orderId))
      .orderBy(asc(creditNotes.number));

  it("a 30% then a full refund in the Dashboard give two credit notes whose sums are the order's", async () => {
    const { account, order, paymentIntent } = await cardPaid();
    const part = Math.round(order.totalCents * 0.3);

    await deliverTwiceOutOfOrder(await stripe.fake.refundInDashboard(paymentIntent, part));
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: part });
    await deliverTwiceOutOfOrder(await stripe.fake.refundInDashboard(paymentIntent));

    const notes = await notesOf(order.id);
    expect(notes.map((note) => note.amountCents)).toEqual([part, order.totalCents - part]);
    expect(notes[1]!.number).toBe(notes[0]!.number + 1);
    expect(notes[0]!.vatCents + notes[1]!.vatCents).toBe(order.vatAmountCents);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
    expect(refundRequests()).toHaveLength(0);
    const [partMail] = await mailsEndingWith(order.email, "part refunded");
    expect(partMail?.text).toContain(`/orders/${order.id}/credit-note.pdf?number=${notes[0]!.number}`);
    const number = order.id.slice(0, 8).toUpperCase();
    expect(await mailsEndingWith(order.email, `order ${number}: refunded`)).toHaveLength(1);

    // Each note is its own document: the part refund's PDF credits its own amount.
    const cookie = await sessionCookie(account.email);
    const url = `http://localhost/orders/${order.id}/credit-note.pdf?number=${notes[0]!.number}`;
    const response = (await creditNoteLoader({
      ...routeArgs(new Request(url, { headers: { cookie } })),
      params: { orderId: order.id },
    } as never)) as Response;
    expect(response.status).toBe(200);
    const unknown = (await creditNoteLoader({
      ...routeArgs(new Request(`${url}9`, { headers: { cookie } })),
      params: { orderId: order.id },
    } as never)) as Response;
    expect(unknown.status).toBe(404);
  });

  it("a refund from the console after a Dashboard part refund gives back only the rest, with its own credit note", async () => {
    const { order, paymentIntent } = await cardPaid();
    const part = Math.round(order.totalCents * 0.3);
    await stripe.fake.deliverAll(await stripe.fake.refundInDashboard(paymentIntent, part));

    const result = await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });

    expect(result.ok).toBe(true);
    expect(refundRequests().map((request) => request.body.get("amount"))).toEqual([
      String(order.totalCents - part),
    ]);
    expect((await notesOf(order.id)).map((note) => note.amountCents)).toEqual([
      part,
      order.totalCents - part,
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
  });
});
