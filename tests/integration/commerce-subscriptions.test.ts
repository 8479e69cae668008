import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renewManualSubscription } from "~/commerce/billing/subscription-lifecycle.server";
import { sweepSubscriptions } from "~/commerce/billing/subscription-sweep.server";
import { BILLING_PORTAL_PATH } from "~/commerce/billing/subscription-views.server";
import { addDays, formatBillingDate, GRACE_DAYS, SUBSCRIPTION_TEXTS } from "~/commerce/billing/subscriptions";
import { claimGuestOrders } from "~/commerce/orders/order-lifecycle.server";
import { action as portalAction } from "~/commerce/routes/billing-portal";
import { invoices, orders, subscriptions } from "~/commerce/schema.server";
import { startCardCheckout } from "~/commerce/stripe/stripe.server";
import { openBillingPortal } from "~/commerce/stripe/stripe-billing.server";
import { getBuyerLibrary } from "~/licensing/library.server";
import { entitlements } from "~/licensing/schema.server";
import { formatMoney } from "~/payments/money";
import { stripeEvents } from "~/payments/schema.server";
import { listAudit } from "~/platform/audit.server";
import { getToast } from "~/platform/http/toast.server";
import { ORDER_TEXTS, action as orderAction, loader as orderLoader } from "~/staff/routes/order";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createOrder, createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import type { StripeEventJson } from "../support/fake-stripe";
import { outboxFor } from "../support/outbox";
import { useFakeStripe } from "../support/use-fake-stripe";

const database = useTestDatabase();
const SECRET = "whsec_test_subscriptions";
const stripe = useFakeStripe(SECRET);

/** Delivers events twice over, the second time in reverse order: no second effect may follow. */
async function deliverTwiceOutOfOrder(events: StripeEventJson[]) {
  const first = await stripe.fake.deliverAll(events);
  const again = await stripe.fake.deliverAll([...events].reverse());
  return [...first, ...again];
}

const subscriptionOf = async (orderId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
const ordersOf = (subscriptionId: string) =>
  database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
const grantsOf = async (subscriptionId: string) => {
  const orders = await ordersOf(subscriptionId);
  const rows = await database.db.select().from(entitlements);
  return rows.filter((row) => orders.some((order) => order.id === row.orderId));
};
const auditActions = async (targetType: string, targetId: string) =>
  (await listAudit({ targetType, targetId })).map((entry) => entry.action).reverse();

/** A buyer pays Pro monthly through Checkout in subscription mode; answers the subscription. */
async function subscribe(email = `pro-${Math.random().toString(36).slice(2)}@example.com`) {
  const account = await createAccount({ email });
  const order = await createOrder({
    planCategory: "pro",
    billing: "monthly",
    downloads: 0,
    email,
    userId: account.id,
  });
  const checkout = await startCardCheckout(order.id);
  if (!checkout.ok) throw new Error(checkout.reason);
  const sessionId = checkout.value.url.split("/").pop()!;
  const events = await stripe.fake.completeCheckout(sessionId);
  const stripeId = stripe.fake.sessions.get(sessionId)!.subscription as string;
  return { account, order, events, sessionId, stripeId };
}

describe("Pro subscriptions through Stripe Billing", () => {
  it("checkout runs in subscription mode with a price made once from the plan table, and pays the order once", async () => {
    const first = await subscribe();
    const second = await subscribe();
    const sessionRequests = stripe.fake.requests.filter(
      (request) => request.path === "/v1/checkout/sessions",
    );
    expect(sessionRequests.at(-1)!.body.get("mode")).toBe("subscription");
    // Two buyers of the same tier share one recurring price, found by its lookup key.
    expect(
      stripe.fake.requests.filter((request) => request.path === "/v1/prices" && request.method === "POST"),
    ).toHaveLength(1);
    const [price] = [...stripe.fake.prices.values()];
    expect(price).toMatchObject({ recurring: { interval: "month" }, unit_amount: first.order.totalCents });

    const statuses = await deliverTwiceOutOfOrder(first.events);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await stripe.fake.deliverAll(second.events);

    const row = await database.db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(row[0]).toMatchObject({ status: "paid" });
    expect(row[0]!.paymentReference).toMatch(/^stripe:pi_/);
    const subscription = await subscriptionOf(first.order.id);
    expect(subscription).toMatchObject({
      provider: "stripe",
      status: "active",
      stripeSubscriptionId: first.stripeId,
    });
    expect(await grantsOf(subscription.id)).toHaveLength(1);
    expect(
      await database.db.select().from(invoices).where(eq(invoices.orderId, first.order.id)),
    ).toHaveLength(1);
    const mails = await outboxFor(first.order.email);
    expect(mails.filter((mail) => mail.subject.endsWith("payment received"))).toHaveLength(1);
  });

  it("a renewal makes one order, one invoice number and one more period of downloads, however often it is delivered", async () => {
    const { order, events, stripeId } = await subscribe();
    await stripe.fake.deliverAll(events);
    const subscription = await subscriptionOf(order.id);
    stripe.fake.clock = Math.floor(subscription.currentPeriodEnd.getTime() / 1000);
    const renewal = await stripe.fake.renew(stripeId);

    await deliverTwiceOutOfOrder(renewal);

    const orders = await ordersOf(subscription.id);
    expect(orders).toHaveLength(2);
    const renewed = orders.find((candidate) => candidate.id !== order.id)!;
    expect(renewed).toMatchObject({ status: "paid", stripeInvoiceId: expect.stringMatching(/^in_/) });
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, renewed.id))).toHaveLength(1);
    const grants = await grantsOf(subscription.id);
    expect(grants).toHaveLength(2);
    const next = grants.find((grant) => grant.orderId === renewed.id)!;
    expect(next.startsAt.getTime()).toBe(subscription.currentPeriodEnd.getTime());
    const after = await subscriptionOf(order.id);
    expect(after.currentPeriodEnd.getTime()).toBe(next.expiresAt.getTime());
    expect(await auditActions("order", renewed.id)).toEqual(["order.renewal_paid"]);
    const mails = await outboxFor(order.email);
    expect(mails.filter((mail) => mail.subject.endsWith("renewed"))).toHaveLength(1);
  });

  it("a failed renewal keeps the plan for the grace period and mails once; the retried payment recovers it", async () => {
    const { order, events, stripeId } = await subscribe();
    await stripe.fake.deliverAll(events);
    const start = await subscriptionOf(order.id);
    stripe.fake.clock = Math.floor(start.currentPeriodEnd.getTime() / 1000);

    await deliverTwiceOutOfOrder(await stripe.fake.renew(stripeId, "failed"));

    const pastDue = await subscriptionOf(order.id);
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.graceEndsAt?.getTime()).toBe(addDays(start.currentPeriodEnd, GRACE_DAYS).getTime());
    const [grant] = await grantsOf(start.id);
    expect(grant!.expiresAt.getTime()).toBe(pastDue.graceEndsAt!.getTime());
    expect(
      (await outboxFor(order.email)).filter((mail) => mail.subject.endsWith("renewal failed")),
    ).toHaveLength(1);

    const recovery = await stripe.fake.retryPayment(stripeId);
    await deliverTwiceOutOfOrder(recovery);
    const recovered = await subscriptionOf(order.id);
    expect(recovered).toMatchObject({ status: "active", graceEndsAt: null });
    expect(await ordersOf(start.id)).toHaveLength(2);
    // The failed period's downloads end when the period did; the paid one carries on.
    const grants = await grantsOf(start.id);
    expect(grants.map((row) => row.expiresAt.getTime()).sort()).toEqual(
      [start.currentPeriodEnd.getTime(), recovered.currentPeriodEnd.getTime()].sort(),
    );
    // A late copy of the failure changes nothing once the invoice is paid.
    await stripe.fake.deliverAll(
      stripe.fake.events.filter((event) => event.type === "invoice.payment_failed").slice(-1),
    );
    expect((await subscriptionOf(order.id)).status).toBe("active");
  });

  it("a failed renewal still unpaid after the grace period ends the plan, stops Stripe and mails once", async () => {
    const { order, events, stripeId } = await subscribe();
    await stripe.fake.deliverAll(events);
    const start = await subscriptionOf(order.id);
    stripe.fake.clock = Math.floor(start.currentPeriodEnd.getTime() / 1000);
    await stripe.fake.deliverAll(await stripe.fake.renew(stripeId, "failed"));
    const graceEnd = (await subscriptionOf(order.id)).graceEndsAt!;

    expect((await sweepSubscriptions(addDays(graceEnd, -1))).ended).toBe(0);
    // Stripe's cancellation (and its deletion event, delivered at once) happens at the grace end.
    stripe.fake.clock = Math.floor(graceEnd.getTime() / 1000);
    stripe.fake.autoDeliver = true;
    try {
      await sweepSubscriptions(addDays(graceEnd, 0.01));
      await sweepSubscriptions(addDays(graceEnd, 0.02));
    } finally {
      stripe.fake.autoDeliver = false;
    }

    const ended = await subscriptionOf(order.id);
    expect(ended).toMatchObject({ status: "ended" });
    expect(ended.endedAt?.getTime()).toBe(graceEnd.getTime());
    expect(stripe.fake.subscriptions.get(stripeId)!.status).toBe("canceled");
    // Stripe's deletion event (delivered by the cancel) and its replay change nothing more.
    await stripe.fake.deliverAll(
      stripe.fake.events.filter((event) => event.type === "customer.subscription.deleted").slice(-1),
      2,
    );
    expect(
      (await outboxFor(order.email)).filter((mail) => mail.subject.endsWith("subscription ended")),
    ).toHaveLength(1);
    const [grant] = await grantsOf(start.id);
    expect(grant!.expiresAt.getTime()).toBe(graceEnd.getTime());
  });

  it("cancelling in the portal ends the plan at the period's end, not before; updates out of order keep the newest", async () => {
    const { order, events, stripeId } = await subscribe();
    await stripe.fake.deliverAll(events);
    const start = await subscriptionOf(order.id);
    const cancel = await stripe.fake.setCancelAtPeriodEnd(stripeId, true);
    stripe.fake.clock += 60;
    const takeBack = await stripe.fake.setCancelAtPeriodEnd(stripeId, false);
    stripe.fake.clock += 60;
    const cancelAgain = await stripe.fake.setCancelAtPeriodEnd(stripeId, true);

    await stripe.fake.deliverAll([cancelAgain[0]!, takeBack[0]!, cancel[0]!], 2);
    expect(await subscriptionOf(order.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const [grant] = await grantsOf(start.id);
    expect(grant!.expiresAt.getTime()).toBe(start.currentPeriodEnd.getTime());

    stripe.fake.clock = Math.floor(start.currentPeriodEnd.getTime() / 1000);
    await deliverTwiceOutOfOrder(await stripe.fake.endSubscription(stripeId));
    expect(await subscriptionOf(order.id)).toMatchObject({ status: "ended" });
    expect(
      (await outboxFor(order.email)).filter((mail) => mail.subject.endsWith("subscription ended")),
    ).toHaveLength(1);
    expect(await auditActions("subscription", start.id)).toEqual([
      "subscription.updated",
      "subscription.ended",
    ]);
  });

  it("the billing portal opens for the subscriber's Stripe customer and returns to the profile", async () => {
    const { account, events } = await subscribe();
    await stripe.fake.deliverAll(events);
    const portal = await openBillingPortal(account.id);
    expect(portal.ok).toBe(true);
    const session = [...stripe.fake.portalSessions.values()].at(-1)!;
    expect(portal.ok && portal.value.url).toBe(session.url);
    expect(session.return_url).toMatch(/\/profile\?tab=orders$/);
    const stranger = await createAccount();
    expect(await openBillingPortal(stranger.id)).toEqual({ ok: false, reason: "no_stripe_subscription" });
  });

  it("a refund made in the Dashboard refunds the order once without refunding the card again; a part refund is recorded", async () => {
    const { order, events } = await subscribe();
    await stripe.fake.deliverAll(events);
    const paid = (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    const paymentIntent = paid.paymentReference!.replace("stripe:", "");

    await deliverTwiceOutOfOrder(await stripe.fake.refundInDashboard(paymentIntent, 500));
    let row = (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(row).toMatchObject({ status: "paid", refundedCents: 500 });

    const rest = await stripe.fake.refundInDashboard(paymentIntent);
    await deliverTwiceOutOfOrder(rest);
    row = (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(row.status).toBe("refunded");
    expect(stripe.fake.requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(0);
    expect(await auditActions("order", order.id)).toEqual([
      "order.mark_paid",
      "order.partial_refund",
      "order.refund",
    ]);
    const [grant] = await grantsOf((await subscriptionOf(order.id)).id);
    expect(grant!.revokedAt).toBeInstanceOf(Date);
  });

  it("a dispute suspends the unused downloads; won, they come back; lost, the order is refunded", async () => {
    for (const outcome of ["won", "lost"] as const) {
      const paid = await createPaidOrder();
      // A card payment the fake knows: an order paid through Checkout in payment mode.
      const order = await createOrder({ downloads: 10 });
      const checkout = await startCardCheckout(order.id);
      if (!checkout.ok) throw new Error(checkout.reason);
      await stripe.fake.deliverAll(await stripe.fake.completeCheckout(checkout.value.url.split("/").pop()!));
      const paymentIntent = (
        await database.db.select().from(orders).where(eq(orders.id, order.id))
      )[0]!.paymentReference!.replace("stripe:", "");
      const grant = async () =>
        (await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id)))[0]!;

      const opened = await stripe.fake.openDispute(paymentIntent);
      await stripe.fake.deliverAll(opened, 2);
      expect((await grant()).suspendedAt).toBeInstanceOf(Date);
      const disputeId = opened[0]!.data.object.id as string;
      const closed = await stripe.fake.closeDispute(disputeId, outcome);
      // Closed first, then the opening again: the late opening does not suspend anew.
      await stripe.fake.deliverAll([...closed, ...opened, ...closed]);
      const row = (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
      if (outcome === "won") {
        expect((await grant()).suspendedAt).toBeNull();
        expect(row).toMatchObject({ status: "paid", disputeStatus: "won" });
      } else {
        expect((await grant()).revokedAt).toBeInstanceOf(Date);
        expect(row).toMatchObject({ status: "refunded", disputeStatus: "lost" });
      }
      expect(await auditActions("order", order.id)).toEqual(
        outcome === "won"
          ? ["order.mark_paid", "order.dispute_open", "order.dispute_won"]
          : ["order.mark_paid", "order.dispute_open", "order.dispute_lost", "order.refund"],
      );
      // Another buyer's order is untouched.
      expect(
        (await database.db.select().from(entitlements).where(eq(entitlements.orderId, paid.order.id)))[0]!
          .suspendedAt,
      ).toBeNull();
    }
  });

  it("every event id is recorded once", async () => {
    const rows = await database.db.select().from(stripeEvents);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });
});

describe("manual Pro subscriptions (no Stripe)", () => {
  it("staff renew one period at a time; a double submit renews once; the buyer is reminded once 7 days before the end", async () => {
    const paid = await createPaidOrder({
      planCategory: "pro",
      billing: "monthly",
      downloads: 0,
      email: "manual@example.com",
    });
    const subscription = await subscriptionOf(paid.order.id);
    expect(subscription).toMatchObject({ provider: "manual", status: "active" });

    const early = addDays(subscription.currentPeriodEnd, -10);
    expect((await sweepSubscriptions(early)).reminded).toBe(0);
    const due = addDays(subscription.currentPeriodEnd, -6);
    expect((await sweepSubscriptions(due)).reminded).toBe(1);
    expect((await sweepSubscriptions(due)).reminded).toBe(0);
    expect(
      (await outboxFor("manual@example.com")).filter((mail) => mail.subject.endsWith("renewal coming")),
    ).toHaveLength(1);

    const renew = () =>
      renewManualSubscription({
        subscriptionId: subscription.id,
        expectedPeriodEnd: subscription.currentPeriodEnd,
        reference: "bank transfer 2",
        paidAt: new Date(),
        actor: STAFF_ACTOR,
      });
    const results = await Promise.all([renew(), renew()]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "already_renewed" });
    const renewed = await subscriptionOf(paid.order.id);
    expect(renewed.currentPeriodEnd > subscription.currentPeriodEnd).toBe(true);
    const grants = await grantsOf(subscription.id);
    expect(grants.map((grant) => grant.startsAt.getTime()).sort()).toContain(
      subscription.currentPeriodEnd.getTime(),
    );
    expect(
      (await outboxFor("manual@example.com")).filter((mail) => mail.subject.endsWith("renewed")),
    ).toHaveLength(1);

    // Not renewed again: when the period runs out the sweep ends it, once.
    expect((await sweepSubscriptions(addDays(renewed.currentPeriodEnd, 1))).ended).toBe(1);
    expect((await sweepSubscriptions(addDays(renewed.currentPeriodEnd, 2))).ended).toBe(0);
    expect(
      await database.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, "ended"))),
    ).toHaveLength(1);
  });
});

describe("the subscription on the profile, the portal and the staff console", () => {
  it("the profile's library shows the plan, its state, the next renewal date and amount, then 'ends on' once cancelled", async () => {
    const { account, order, events, stripeId } = await subscribe();
    await stripe.fake.deliverAll(events);
    const subscription = await subscriptionOf(order.id);
    const date = formatBillingDate(subscription.currentPeriodEnd);

    let [view] = (await getBuyerLibrary(account.id)).subscriptions;
    expect(view).toMatchObject({
      planLabel: "Pro · Billed monthly",
      state: "active",
      stateLabel: "Active",
      detail: SUBSCRIPTION_TEXTS.renews(date, formatMoney(subscription.amountCents)),
      manageUrl: BILLING_PORTAL_PATH,
    });

    await stripe.fake.deliverAll(await stripe.fake.setCancelAtPeriodEnd(stripeId, true));
    [view] = (await getBuyerLibrary(account.id)).subscriptions;
    expect(view).toMatchObject({ state: "ending", detail: SUBSCRIPTION_TEXTS.endsOn(date) });
  });

  it("Manage billing sends the signed-in subscriber to their portal; anyone else is told there is none", async () => {
    const email = `portal-${Math.random().toString(36).slice(2)}@example.com`;
    const { events } = await subscribe(email);
    await stripe.fake.deliverAll(events);
    const cookie = await sessionCookie(email);
    const reply = await post(portalAction, BILLING_PORTAL_PATH, {}, cookie);
    expect(reply.status).toBe(303);
    expect(reply.location).toBe([...stripe.fake.portalSessions.values()].at(-1)!.url);

    const stranger = await signedIn("user");
    const refused = await post(portalAction, BILLING_PORTAL_PATH, {}, stranger.cookie);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/profile?tab=orders");
  });

  it("a plan renewed by bank transfer is told so in a neutral toast, not a red one", async () => {
    const buyer = await signedIn("user");
    const paid = await createPaidOrder({
      planCategory: "pro",
      billing: "annual",
      downloads: 0,
      userId: buyer.id,
      email: buyer.email,
    });
    expect(await subscriptionOf(paid.order.id)).toMatchObject({ provider: "manual" });
    const reply = await post(portalAction, BILLING_PORTAL_PATH, {}, buyer.cookie);
    expect(reply.location).toBe("/profile?tab=orders");
    const toastCookie = (reply.setCookie ?? "").split(";")[0]!;
    const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: toastCookie } }));
    expect(toast).toEqual({ message: SUBSCRIPTION_TEXTS.noPortal, type: "info" });
  });

  it("staff renew a manual subscription from the order page once; a stale or malformed form changes nothing", async () => {
    const staff = await signedIn("developer");
    const paid = await createPaidOrder({ planCategory: "pro", billing: "annual", downloads: 0 });
    const subscription = await subscriptionOf(paid.order.id);
    const form = {
      intent: "renew",
      reference: "transfer 2027",
      paidAt: new Date().toISOString().slice(0, 10),
      periodEnd: subscription.currentPeriodEnd.toISOString(),
    };
    const submit = (fields: Record<string, string>) =>
      post(orderAction, `/staff/orders/${paid.order.id}`, fields, staff.cookie, { orderId: paid.order.id });

    expect((await submit({ ...form, reference: "bad\u0000ref" })).status).toBe(400);
    expect((await submit({ ...form, periodEnd: "not a date" })).status).toBe(400);
    expect((await submit(form)).status).toBe(302);
    expect(await submit(form)).toMatchObject({
      status: 409,
      data: { formError: ORDER_TEXTS.alreadyRenewed },
    });

    expect(await ordersOf(subscription.id)).toHaveLength(2);
    expect(await auditActions("subscription", subscription.id)).toEqual(["subscription.renewed"]);
    const page = await load(orderLoader, `/staff/orders/${paid.order.id}`, staff.cookie, {
      orderId: paid.order.id,
    });
    expect(page.data).toMatchObject({ subscription: { provider: "manual", stateLabel: "Active" } });
  });
});

describe("a guest's subscription", () => {
  it("follows the guest's orders to the account that verifies the address, and shows on its profile", async () => {
    const email = `guest-pro-${Math.random().toString(36).slice(2)}@example.com`;
    const paid = await createPaidOrder({ planCategory: "pro", billing: "monthly", downloads: 0, email });
    expect((await subscriptionOf(paid.order.id)).userId).toBeNull();
    const account = await createAccount({ email });
    await claimGuestOrders(account.id, email);
    expect((await subscriptionOf(paid.order.id)).userId).toBe(account.id);
    expect((await getBuyerLibrary(account.id)).subscriptions).toHaveLength(1);
  });
});

describe("events out of order and events not ours", () => {
  it("an update delivered before its subscription is recorded answers 503 and applies when Stripe delivers it again", async () => {
    const { order, events, stripeId } = await subscribe();
    const [early] = await stripe.fake.setCancelAtPeriodEnd(stripeId, true);
    expect(await stripe.fake.deliver(early!)).toBe(503);
    await stripe.fake.deliverAll(events);
    expect(await stripe.fake.deliver(early!)).toBe(200);
    expect(await subscriptionOf(order.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });

  it("a subscription another product made in the same Stripe account is acknowledged and changes nothing", async () => {
    const foreign = stripe.fake.makeEvent("customer.subscription.updated", {
      id: "sub_someone_else",
      object: "subscription",
      status: "active",
      metadata: {},
      cancel_at_period_end: true,
      cancel_at: null,
      items: { object: "list", data: [] },
    });
    expect(await stripe.fake.deliver(foreign)).toBe(200);
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, foreign.id))).toHaveLength(
      0,
    );
  });
});
