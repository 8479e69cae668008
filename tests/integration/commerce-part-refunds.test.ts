import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { creditNotes, orders } from "~/commerce/schema.server";
import { startCardCheckout } from "~/commerce/stripe/stripe.server";
import { listAudit } from "~/platform/audit.server";
import { PART_REFUND_TEXTS } from "~/staff/orders/part-refund";
import { action as orderAction } from "~/staff/routes/order";
import { createOrder, createPaidOrder } from "../factories/licensing";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";
import { useFakeStripe } from "../support/use-fake-stripe";

/* The team gives back part of a paid order, with a reason its credit note prints (docs/decisions/0024). */

const database = useTestDatabase();
const stripe = useFakeStripe("whsec_test_part_refunds");
let staff: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  staff = await signedIn("developer");
});
beforeEach(() => {
  stripe.fake.requests.length = 0;
});

const email = () => `part-${Math.random().toString(36).slice(2)}@example.com`;
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const notesOf = (orderId: string) =>
  database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.number));
const refundRequests = () => stripe.fake.requests.filter((request) => request.path === "/v1/refunds");

/** A staff member's part refund: euros as typed, the refunded amount the page showed. */
const refundPart = (orderId: string, fields: Record<string, string>) =>
  post(
    orderAction,
    `/staff/orders/${orderId}`,
    { intent: "part-refund", expectedRefundedCents: "0", ...fields },
    staff.cookie,
    { orderId },
  );

async function cardPaidOrder() {
  const order = await createOrder({ email: email() });
  const checkout = await startCardCheckout(order.id);
  if (!checkout.ok) throw new Error(checkout.reason);
  await stripe.fake.deliverAll(await stripe.fake.completeCheckout(checkout.value.url.split("/").pop()!));
  return orderRow(order.id);
}

describe("a part refund from the staff console", () => {
  it("refunds the card by the amount, issues a credit note with the reason and mails the buyer", async () => {
    const order = await cardPaidOrder();
    const paymentIntent = order.paymentReference!.replace("stripe:", "");

    const reply = await refundPart(order.id, { amount: "30.00", reason: "Two clips arrived late" });

    expect(reply.status).toBe(302);
    const [request] = refundRequests();
    expect(request!.body.get("payment_intent")).toBe(paymentIntent);
    expect(request!.body.get("amount")).toBe("3000");
    expect(request!.idempotencyKey).toBe(`part-refund-${order.id}-0`);
    const [note] = await notesOf(order.id);
    expect(note).toMatchObject({ amountCents: 3000, reason: "Two clips arrived late" });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 3000 });
    const [entry] = (await listAudit({ targetType: "order", targetId: order.id })).filter(
      (item) => item.action === "order.partial_refund",
    );
    expect(entry).toMatchObject({ actorId: staff.id });
    expect(entry!.after).toMatchObject({ reason: "Two clips arrived late", creditNoteNumber: note!.number });
    const mails = (await outboxFor(order.email)).filter((mail) => mail.subject.endsWith("part refunded"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("goes back to your card");

    // Stripe's own report of that refund changes nothing more.
    const reported = stripe.fake.events.filter(
      (event) =>
        event.type === "charge.refunded" &&
        (event.data.object as { payment_intent: string }).payment_intent === paymentIntent,
    );
    expect(reported).toHaveLength(1);
    await stripe.fake.deliverAll(reported, 2);
    expect(await notesOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedCents).toBe(3000);
  });

  it("a double submit refunds once: the second finds the refunds changed and refunds nothing", async () => {
    const order = await cardPaidOrder();

    const replies = await Promise.all([
      refundPart(order.id, { amount: "10", reason: "Goodwill" }),
      refundPart(order.id, { amount: "10", reason: "Goodwill" }),
    ]);

    expect(replies.map((reply) => reply.status).sort()).toEqual([302, 409]);
    expect(replies.find((reply) => reply.status === 409)).toMatchObject({
      data: { formError: PART_REFUND_TEXTS.alreadyChanged },
    });
    expect(refundRequests()).toHaveLength(1);
    expect(await notesOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedCents).toBe(1000);
  });

  it("refuses the whole rest or more, a missing or hostile reason and tampered amounts, changing nothing", async () => {
    const order = await cardPaidOrder();
    const whole = (order.totalCents / 100).toFixed(2);

    const refused = [
      await refundPart(order.id, { amount: whole, reason: "All of it" }),
      await refundPart(order.id, { amount: "5", reason: "" }),
      await refundPart(order.id, { amount: "5", reason: "bad\u0000reason" }),
      await refundPart(order.id, { amount: "5", reason: "x".repeat(301) }),
      await refundPart(order.id, { amount: "-5", reason: "Negative" }),
      await refundPart(order.id, { amount: "21474836.48", reason: "Past 2^31" }),
      await refundPart(order.id, { amount: "5", reason: "Tampered", expectedRefundedCents: "2147483648" }),
    ];

    expect(refused.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(refused[0]).toMatchObject({ data: { formError: PART_REFUND_TEXTS.tooMuch } });
    expect(refundRequests()).toHaveLength(0);
    expect(await notesOf(order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refundedCents: 0 });
  });

  it("a bank-paid order's part is returned by the team: no Stripe call, and the mail says where the money goes", async () => {
    const { order } = await createPaidOrder({ email: email() });

    expect((await refundPart(order.id, { amount: "12.50", reason: "Wrong tier" })).status).toBe(302);

    expect(stripe.fake.requests).toHaveLength(0);
    expect((await notesOf(order.id)).map((note) => note.amountCents)).toEqual([1250]);
    const [mail] = (await outboxFor(order.email)).filter((item) => item.subject.endsWith("part refunded"));
    expect(mail?.text).toContain("by bank transfer to the account your payment came from");
  });

  it("after a part refund, refunding the order gives back only the rest, with its own credit note", async () => {
    const order = await cardPaidOrder();
    await refundPart(order.id, { amount: "20", reason: "Partly unusable" });

    const reply = await post(
      orderAction,
      `/staff/orders/${order.id}`,
      { intent: "refund", confirmed: "yes" },
      staff.cookie,
      { orderId: order.id },
    );

    expect(reply.status).toBe(302);
    expect(refundRequests().map((request) => request.body.get("amount"))).toEqual([
      "2000",
      String(order.totalCents - 2000),
    ]);
    const notes = await notesOf(order.id);
    expect(notes.map((note) => note.amountCents)).toEqual([2000, order.totalCents - 2000]);
    expect(notes.reduce((sum, note) => sum + note.vatCents, 0)).toBe(order.vatAmountCents);
  });
});
