import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentInstructionLines, paymentInstructionsFor } from "~/commerce/checkout/payment-instructions";
import { shortOrderId } from "~/commerce/orders/order-id";
import {
  cancelOrder,
  claimGuestOrders,
  markOrderPaid,
  placeOrder,
  refundOrder,
} from "~/commerce/orders/order-lifecycle.server";
import { invoices, orders, pricingTiers } from "~/commerce/schema.server";
import { entitlements } from "~/licensing/schema.server";
import { formatMoney } from "~/payments/money";
import { listAudit } from "~/platform/audit.server";
import { config } from "~/platform/config.server";
import { createBuyerUser } from "../factories/commerce";
import { createOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

const database = useTestDatabase();

/** The entitlement an order's payment granted, as stored. */
const entitlementOf = async (orderId: string) =>
  (await database.db.select().from(entitlements).where(eq(entitlements.orderId, orderId)))[0];

const pay = (orderId: string, reference = "bank transfer") =>
  markOrderPaid({ orderId, reference, paidAt: new Date("2026-03-31T10:00:00Z"), actor: STAFF_ACTOR });

describe("marking an order paid", () => {
  it("grants the plan's downloads for the billing period, numbers the invoice and audits the change", async () => {
    const buyer = await createBuyerUser();
    const order = await createOrder({ userId: buyer.id, downloads: 10, billing: "one_time" });
    const result = await pay(order.id, "transfer 4711");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changed).toBe(true);
    expect(result.value.order).toMatchObject({ status: "paid", paymentReference: "transfer 4711" });
    const entitlement = await entitlementOf(order.id);
    expect(entitlement).toMatchObject({
      userId: buyer.id,
      downloadsTotal: 10,
      downloadsUsed: 0,
      licenseKind: "standard",
    });
    expect(entitlement?.expiresAt.toISOString()).toBe("2027-03-31T10:00:00.000Z");

    const [entry] = await listAudit({ targetType: "order", targetId: order.id });
    expect(entry).toMatchObject({ actorId: STAFF_ACTOR.userId, action: "order.mark_paid" });
    expect(entry?.after).toMatchObject({
      status: "paid",
      invoiceNumber: result.value.invoiceNumber,
      entitlementId: entitlement?.id,
    });
  });

  it("gives a monthly plan one calendar month, clamped to the month's last day", async () => {
    const order = await createOrder({ billing: "monthly", planCategory: "pro", downloads: 0 });
    const result = await markOrderPaid({
      orderId: order.id,
      reference: "x",
      paidAt: new Date("2026-01-31T08:00:00Z"),
      actor: STAFF_ACTOR,
    });
    expect(result.ok).toBe(true);
    expect((await entitlementOf(order.id))?.expiresAt.toISOString()).toBe("2026-02-28T08:00:00.000Z");
  });

  it("grants downloads usable at once even when the payment is dated later today", async () => {
    const order = await createOrder();
    const later = new Date(Date.now() + 6 * 3_600_000);
    const result = await markOrderPaid({
      orderId: order.id,
      reference: "x",
      paidAt: later,
      actor: STAFF_ACTOR,
    });
    expect(result.ok).toBe(true);
    expect((await entitlementOf(order.id))?.startsAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("is idempotent: paying twice keeps one entitlement, one invoice and one audit entry", async () => {
    const order = await createOrder();
    const first = await pay(order.id);
    const second = await pay(order.id, "another reference");
    expect(second.ok && second.value.changed).toBe(false);
    expect(second.ok && second.value.invoiceNumber).toBe(first.ok && first.value.invoiceNumber);
    expect(second.ok && second.value.order.paymentReference).toBe("bank transfer");
    const grants = await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
    expect(grants).toHaveLength(1);
    expect(await listAudit({ targetType: "order", targetId: order.id })).toHaveLength(1);
  });

  it("numbers invoices without gaps when many orders are paid at once", async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => createOrder()));
    // Each twice, at the same time: still one number per order.
    const results = await Promise.all([...orders, ...orders].map((order) => pay(order.id)));
    expect(results.every((result) => result.ok)).toBe(true);
    const rows = await database.db.execute<{ number: number }>(
      sql`select number from invoices order by number`,
    );
    const numbers = rows.rows.map((row) => Number(row.number));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.at(-1)! - numbers[0]! + 1).toBe(numbers.length);
    const mine = await database.db.select().from(invoices);
    expect(mine.filter((invoice) => orders.some((order) => order.id === invoice.orderId))).toHaveLength(12);
  });

  it("refuses an unknown, cancelled or refunded order and changes nothing", async () => {
    expect(await pay(randomUUID())).toEqual({ ok: false, reason: "not_found" });
    const order = await createOrder();
    await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR });
    expect(await pay(order.id)).toEqual({ ok: false, reason: "invalid_transition" });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "cancelled", paidAt: null });
  });
});

describe("cancelling and refunding", () => {
  it("a refund revokes the unused downloads and is audited once", async () => {
    const order = await createOrder({ downloads: 5 });
    await pay(order.id);
    const refunded = await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    expect(refunded.ok && refunded.value.changed).toBe(true);
    expect((await entitlementOf(order.id))?.revokedAt).toBeInstanceOf(Date);
    const again = await refundOrder({ orderId: order.id, actor: STAFF_ACTOR });
    expect(again.ok && again.value.changed).toBe(false);
    const actions = (await listAudit({ targetType: "order", targetId: order.id })).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["order.refund", "order.mark_paid"]);
  });

  it("an order awaiting payment can be cancelled but not refunded", async () => {
    const order = await createOrder();
    expect(await refundOrder({ orderId: order.id, actor: STAFF_ACTOR })).toEqual({
      ok: false,
      reason: "invalid_transition",
    });
    const cancelled = await cancelOrder({ orderId: order.id, actor: STAFF_ACTOR });
    expect(cancelled.ok && cancelled.value.order.status).toBe("cancelled");
    expect(await entitlementOf(order.id)).toBeUndefined();
  });
});

describe("guest orders", () => {
  it("are attached, with their entitlements, to the account that verified the same address", async () => {
    const buyer = await createBuyerUser(`guest-${randomUUID().slice(0, 8)}@example.com`);
    const order = await createOrder({ email: buyer.email.toUpperCase() });
    const other = await createOrder({ email: "someone-else@example.com" });
    await pay(order.id);
    const attached = await claimGuestOrders(buyer.id, buyer.email);
    expect(attached).toEqual([order.id]);
    const [grant] = await database.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
    expect(grant?.userId).toBe(buyer.id);
    const [untouched] = await database.db.select().from(orders).where(eq(orders.id, other.id));
    expect(untouched?.userId).toBeNull();
  });
});

describe("the buyer hears of every step", () => {
  it("placing an order mails the bank-transfer instructions: amount, reference and account", async () => {
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`;
    const placed = await placeOrder({
      selection: { category: "creator", tierId: await firstTierId("creator"), billing: "one_time" },
      promoCode: null,
      buyer: { email, company: null, country: "CY" },
      userId: null,
      idempotencyKey: randomUUID(),
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const [mail, ...others] = await outboxFor(email);
    expect(others).toEqual([]);
    const instructions = paymentInstructionsFor(placed.order, config());
    expect(mail?.subject).toBe(`Verdeo order ${shortOrderId(placed.order.id)}: payment instructions`);
    for (const line of paymentInstructionLines(instructions)) expect(mail?.text).toContain(line);
    expect(instructions.amount).toBe(formatMoney(placed.order.totalCents));
    expect(instructions.iban).toBe(config().SELLER_IBAN);
  });

  it("payment mails one receipt with the invoice link, however often it is replayed", async () => {
    const email = `paid-${randomUUID().slice(0, 8)}@example.com`;
    const order = await createOrder({ email });
    await pay(order.id);
    await pay(order.id);
    const mails = await outboxFor(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Verdeo order ${shortOrderId(order.id)}: payment received`,
    ]);
    expect(mails[0]?.text).toContain(`/orders/${order.id}/invoice.pdf`);
    expect(mails[0]?.text).toContain("Your downloads are ready");
  });

  it("a refund and a cancellation are each mailed once", async () => {
    const email = `closed-${randomUUID().slice(0, 8)}@example.com`;
    const refunded = await createOrder({ email });
    await pay(refunded.id);
    await refundOrder({ orderId: refunded.id, actor: STAFF_ACTOR });
    await refundOrder({ orderId: refunded.id, actor: STAFF_ACTOR });
    const cancelled = await createOrder({ email });
    await cancelOrder({ orderId: cancelled.id, actor: STAFF_ACTOR });
    const subjects = (await outboxFor(email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Verdeo order ${shortOrderId(refunded.id)}: payment received`,
      `Verdeo order ${shortOrderId(refunded.id)}: refunded`,
      `Verdeo order ${shortOrderId(cancelled.id)}: cancelled`,
    ]);
  });
});

async function firstTierId(category: "creator") {
  const [tier] = await database.db.select().from(pricingTiers).where(eq(pricingTiers.planCategory, category));
  return tier!.id;
}
