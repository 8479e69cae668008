import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renewManualSubscription } from "~/commerce/billing/subscription-lifecycle.server";
import { orders, subscriptions } from "~/commerce/schema.server";
import { startCardCheckout } from "~/commerce/stripe/stripe.server";
import { listAudit } from "~/platform/audit.server";
import { action as orderAction } from "~/staff/routes/order";
import { createAccount } from "../factories/accounts";
import { createOrder, createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { useFakeStripe } from "../support/use-fake-stripe";

const database = useTestDatabase();
const stripe = useFakeStripe("whsec_test_subscription_tax");

const subscriptionOf = async (orderId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
const renewalsOf = async (subscriptionId: string, firstOrderId: string) =>
  (await database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId)))
    .filter((order) => order.id !== firstOrderId)
    .sort((a, b) => a.periodStart!.getTime() - b.periodStart!.getTime());
const auditActions = async (targetType: string, targetId: string) =>
  (await listAudit({ targetType, targetId })).map((entry) => entry.action);

/** Pro monthly at 89.00 net, bought by a Cypriot consumer (19%) through Stripe Checkout. */
async function subscribeThroughStripe() {
  const email = `tax-${Math.random().toString(36).slice(2)}@example.com`;
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
  await stripe.fake.deliverAll(await stripe.fake.completeCheckout(sessionId));
  const stripeId = stripe.fake.sessions.get(sessionId)!.subscription as string;
  return { account, order, stripeId, subscription: await subscriptionOf(order.id) };
}

async function renewInStripe(stripeId: string, subscriptionId: string) {
  const current = (
    await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
  )[0]!;
  stripe.fake.clock = Math.floor(current.currentPeriodEnd.getTime() / 1000);
  await stripe.fake.deliverAll(await stripe.fake.renew(stripeId));
}

const stripePriceOf = (stripeId: string) =>
  (stripe.fake.subscriptions.get(stripeId)!.items as { data: { price: { unit_amount: number } }[] }).data[0]!
    .price.unit_amount;

describe("a renewal is taxed for its own date and the buyer as they are now", () => {
  it("a buyer who moved to Hungary pays Hungary's 27% from the next renewal, and Stripe's price follows", async () => {
    const { account, order, stripeId, subscription } = await subscribeThroughStripe();
    expect(stripePriceOf(stripeId)).toBe(10_591);
    // A later purchase gives the buyer's new billing details: a consumer in Hungary.
    await createOrder({
      email: account.email,
      userId: account.id,
      fields: { country: "HU", taxReason: "eu_consumer", createdAt: new Date(Date.now() + 60_000) },
    });

    await renewInStripe(stripeId, subscription.id);
    const [first] = await renewalsOf(subscription.id, order.id);
    // Stripe still collected the old gross: split at Hungary's rate, the VAT is 27% of the net.
    expect(first).toMatchObject({
      country: "HU",
      taxReason: "eu_consumer",
      vatRateBps: 2700,
      totalCents: 10_591,
      subtotalCents: 8_339,
      vatAmountCents: 2_252,
    });
    // The next period costs 89.00 + 27% in Stripe and on the subscription.
    expect(stripePriceOf(stripeId)).toBe(11_303);
    expect((await subscriptionOf(order.id)).amountCents).toBe(11_303);

    await renewInStripe(stripeId, subscription.id);
    const [, second] = await renewalsOf(subscription.id, order.id);
    expect(second).toMatchObject({
      vatRateBps: 2700,
      subtotalCents: 8_900,
      vatAmountCents: 2_403,
      totalCents: 11_303,
    });
    // Priced right already: no second price change.
    const updates = stripe.fake.requests.filter(
      (request) => request.method === "POST" && request.path === `/v1/subscriptions/${stripeId}`,
    );
    expect(updates).toHaveLength(1);
  });

  it("a manual renewal from the day Slovakia's rate rose takes 23%, the one before 20%", async () => {
    const paid = await createPaidOrder({
      planCategory: "pro",
      billing: "monthly",
      downloads: 0,
      fields: {
        country: "SK",
        taxReason: "eu_consumer",
        vatRateBps: 2000,
        vatAmountCents: 1_780,
        totalCents: 10_680,
      },
    });
    const subscription = await subscriptionOf(paid.order.id);
    const before = new Date("2024-12-03T10:00:00Z");
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: before })
      .where(eq(subscriptions.id, subscription.id));
    const renew = (expectedPeriodEnd: Date) =>
      renewManualSubscription({
        subscriptionId: subscription.id,
        expectedPeriodEnd,
        reference: `transfer ${expectedPeriodEnd.toISOString()}`,
        paidAt: new Date("2024-12-01T12:00:00Z"),
        actor: STAFF_ACTOR,
        now: new Date("2024-12-01T12:00:00Z"),
      });

    expect((await renew(before)).ok).toBe(true);
    // The period from 3 January 2025 is priced at the new rate before it is paid.
    expect((await subscriptionOf(paid.order.id)).amountCents).toBe(10_947);
    expect((await renew(new Date("2025-01-03T10:00:00Z"))).ok).toBe(true);

    const [december, january] = await renewalsOf(subscription.id, paid.order.id);
    expect(december).toMatchObject({
      vatRateBps: 2000,
      vatAmountCents: 1_780,
      totalCents: 10_680,
      country: "SK",
    });
    expect(january).toMatchObject({ vatRateBps: 2300, vatAmountCents: 2_047, totalCents: 10_947 });
  });
});

describe("refunding a subscription's order can cancel the subscription", () => {
  const refund = (orderId: string, cookie: string, fields: Record<string, string> = {}) =>
    post(orderAction, `/staff/orders/${orderId}`, { intent: "refund", confirmed: "yes", ...fields }, cookie, {
      orderId,
    });

  it("ticked, the Stripe subscription is cancelled exactly once however often the form is submitted", async () => {
    const staff = await signedIn("developer");
    const { order, stripeId, subscription } = await subscribeThroughStripe();

    const replies = await Promise.all([
      refund(order.id, staff.cookie, { cancelSubscription: "yes" }),
      refund(order.id, staff.cookie, { cancelSubscription: "yes" }),
    ]);
    replies.push(await refund(order.id, staff.cookie, { cancelSubscription: "yes" }));
    expect(replies.map((reply) => reply.status)).toEqual([302, 302, 302]);

    const cancellations = stripe.fake.requests.filter(
      (request) => request.method === "DELETE" && request.path === `/v1/subscriptions/${stripeId}`,
    );
    expect(cancellations).toHaveLength(1);
    expect(stripe.fake.subscriptions.get(stripeId)!.status).toBe("canceled");
    expect(await subscriptionOf(order.id)).toMatchObject({ status: "ended" });
    expect(await auditActions("subscription", subscription.id)).toEqual(["subscription.ended"]);

    // Stripe's own report of the cancellation, delivered (twice), changes nothing more.
    const deleted = stripe.fake.events.filter(
      (event) =>
        event.type === "customer.subscription.deleted" &&
        (event.data.object as { id: string }).id === stripeId,
    );
    expect(deleted).toHaveLength(1);
    await stripe.fake.deliverAll([...deleted, ...deleted]);
    expect(await auditActions("subscription", subscription.id)).toEqual(["subscription.ended"]);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe(
      "refunded",
    );
  });

  it("left unticked the subscription goes on; a manual one ticked ends; another value is refused", async () => {
    const staff = await signedIn("developer");
    const kept = await createPaidOrder({ planCategory: "pro", billing: "annual", downloads: 0 });
    expect((await refund(kept.order.id, staff.cookie)).status).toBe(302);
    expect(await subscriptionOf(kept.order.id)).toMatchObject({ status: "active" });

    const ended = await createPaidOrder({ planCategory: "pro", billing: "annual", downloads: 0 });
    expect((await refund(ended.order.id, staff.cookie, { cancelSubscription: "maybe" })).status).toBe(400);
    expect(await subscriptionOf(ended.order.id)).toMatchObject({ status: "active" });
    expect((await refund(ended.order.id, staff.cookie, { cancelSubscription: "yes" })).status).toBe(302);
    expect((await refund(ended.order.id, staff.cookie, { cancelSubscription: "yes" })).status).toBe(302);
    const subscription = await subscriptionOf(ended.order.id);
    expect(subscription).toMatchObject({ status: "ended" });
    expect(await auditActions("subscription", subscription.id)).toEqual(["subscription.ended"]);
  });
});
