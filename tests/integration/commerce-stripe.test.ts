import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cancelOrder } from "~/commerce/orders/order-lifecycle.server";
import { invoices, orders } from "~/commerce/schema.server";
import { startCardCheckout } from "~/commerce/stripe/stripe.server";
import { entitlements } from "~/licensing/schema.server";
import { action as webhookAction } from "~/payments/routes/stripe-webhook";
import { listAudit } from "~/platform/audit.server";
import { routeArgs } from "../factories/commerce";
import { createOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import type { StripeEventJson } from "../support/fake-stripe";
import { useFakeStripe } from "../support/use-fake-stripe";

const database = useTestDatabase();
const SECRET = "whsec_test_licensing_webhook_secret";
const stripe = useFakeStripe(SECRET);

let eventCounter = 0;

/** A checkout.session.completed event for the order, as Stripe would send it. */
function completedEvent(order: { id: string; totalCents: number }, overrides: Record<string, unknown> = {}) {
  eventCounter += 1;
  return stripe.fake.makeEvent("checkout.session.completed", {
    id: `cs_test_${eventCounter}`,
    object: "checkout.session",
    mode: "payment",
    client_reference_id: order.id,
    metadata: { orderId: order.id },
    payment_status: "paid",
    status: "complete",
    amount_total: order.totalCents,
    currency: "eur",
    payment_intent: `pi_test_${eventCounter}`,
    ...overrides,
  });
}

async function deliver(event: StripeEventJson, secret = SECRET) {
  await stripe.fake.deliver(event, secret);
  return stripe.lastResponse;
}

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe("the Stripe webhook", () => {
  it("refuses a bad signature and changes nothing", async () => {
    const order = await createOrder();
    const response = await deliver(completedEvent(order), "whsec_someone_else");
    expect(response.status).toBe(400);
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");
    const tampered = new Request("http://localhost/webhooks/stripe", {
      method: "POST",
      headers: { "Stripe-Signature": "t=1,v1=deadbeef" },
      body: JSON.stringify(completedEvent(order)),
    });
    expect(((await webhookAction(routeArgs(tampered) as never)) as Response).status).toBe(400);
  });

  it("an endpoint other than the two, an object prototype name included, is not found", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "account", "%ff"]) {
      const request = new Request(`http://localhost/webhooks/stripe/${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { "Stripe-Signature": "t=1,v1=deadbeef" },
        body: "{}",
      });
      const response = (await webhookAction({
        ...routeArgs(request),
        params: { endpoint: name },
      } as never)) as Response;
      expect(response.status, name).toBe(404);
    }
  });

  it("marks the order paid once: a replayed event makes one payment, one entitlement, one invoice", async () => {
    const order = await createOrder();
    const event = completedEvent(order);
    const first = await deliver(event);
    expect(await first.json()).toMatchObject({ outcome: "paid" });
    const replay = await deliver(event);
    expect(await replay.json()).toMatchObject({ outcome: "already_processed" });
    // The same payment reported again under another event id changes nothing either.
    await deliver(completedEvent(order));
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "paid" });
    expect(row.paymentReference).toMatch(/^stripe:pi_test_/);
    expect(
      await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id)),
    ).toHaveLength(1);
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    const audit = await listAudit({ targetType: "order", targetId: order.id });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["order.mark_paid", "system:stripe"],
    ]);
  });

  it("a late event for a cancelled order changes nothing", async () => {
    const order = await createOrder();
    await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR });
    const response = await deliver(completedEvent(order));
    expect(response.status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("cancelled");
  });

  it("never marks an order paid for another amount or an unpaid session", async () => {
    const order = await createOrder();
    expect((await deliver(completedEvent(order, { amount_total: 1 }))).status).toBe(400);
    await deliver(completedEvent(order, { payment_status: "unpaid" }));
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");
  });

  it("a one-time pack stays a single Checkout payment; paying it pays the order and keeps the card's country", async () => {
    const order = await createOrder({ downloads: 10 });
    const checkout = await startCardCheckout(order.id);
    if (!checkout.ok) throw new Error(checkout.reason);
    const session = stripe.fake.requests
      .filter((request) => request.path === "/v1/checkout/sessions")
      .at(-1)!;
    expect(session.body.get("mode")).toBe("payment");
    expect(session.body.get("line_items[0][price_data][unit_amount]")).toBe(String(order.totalCents));
    stripe.fake.cardCountry = "DE";
    await stripe.fake.deliverAll(await stripe.fake.completeCheckout(checkout.value.url.split("/").pop()!), 2);
    // The card's issuing country is kept as the second piece of evidence of where the buyer is.
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", evidenceCardCountry: "DE" });
    expect(await database.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });
});
