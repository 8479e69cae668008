import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/commerce/jobs.server";
import { shortOrderId } from "~/commerce/orders/order-id";
import { markOrderPaid, placeOrder } from "~/commerce/orders/order-lifecycle.server";
import { orders, pricingTiers, promoCodes, promoRedemptions } from "~/commerce/schema.server";
import { listAudit } from "~/platform/audit.server";
import { config, loadConfig } from "~/platform/config.server";
import { createPromo } from "../factories/commerce";
import { STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

const database = useTestDatabase();
const DAY = 24 * 3600 * 1000;

afterAll(() => {
  delete process.env.ORDER_EXPIRY_DAYS;
  loadConfig();
});

async function placeWithPromo(email: string, code: string, placedAt: Date) {
  const [tier] = await database.db
    .select()
    .from(pricingTiers)
    .where(eq(pricingTiers.planCategory, "creator"));
  const placed = await placeOrder({
    selection: { category: "creator", tierId: tier!.id, billing: "one_time" },
    promoCode: code,
    buyer: { email, country: "CY" },
    userId: null,
    idempotencyKey: randomUUID(),
    now: placedAt,
  });
  if (!placed.ok) throw new Error(`placing failed: ${placed.reason}`);
  // Placed `placedAt`: the row's own time is when the expiry counts from.
  await database.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, placed.order.id));
  return placed.order;
}

const statusOf = async (id: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
const usesOf = async (code: string) =>
  (await database.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]?.usesCount;

describe("an order awaiting payment expires", () => {
  it("after ORDER_EXPIRY_DAYS (14 by default) into Cancelled, with a mail, its promo use given back, audited as expiry", async () => {
    expect(config().ORDER_EXPIRY_DAYS).toBe(14);
    const now = new Date();
    await createPromo({ code: "EXPIRE10", value: 10 });
    const email = `expiry-${randomUUID().slice(0, 8)}@example.com`;
    const stale = await placeWithPromo(email, "EXPIRE10", new Date(now.getTime() - 15 * DAY));
    const fresh = await placeWithPromo(email, "EXPIRE10", new Date(now.getTime() - 13 * DAY));
    const paid = await placeWithPromo(email, "EXPIRE10", new Date(now.getTime() - 20 * DAY));
    await markOrderPaid({ orderId: paid.id, reference: "transfer", paidAt: now, actor: STAFF_ACTOR });
    expect(await usesOf("EXPIRE10")).toBe(3);

    expect(await expireUnpaidOrders(now)).toEqual([stale.id]);
    expect(await statusOf(stale.id)).toBe("cancelled");
    expect(await statusOf(fresh.id)).toBe("awaiting_payment");
    expect(await statusOf(paid.id)).toBe("paid");
    expect(await usesOf("EXPIRE10")).toBe(2);
    const redemptions = await database.db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, stale.id));
    expect(redemptions).toEqual([]);

    const [entry] = await listAudit({ targetType: "order", targetId: stale.id });
    expect(entry).toMatchObject({ actorId: "system:expiry", action: "order.expire" });
    expect(entry?.after).toMatchObject({ status: "cancelled", releasedPromoCode: "EXPIRE10" });

    const expiredMails = (await outboxFor(email)).filter((mail) => mail.subject.endsWith(": expired"));
    expect(expiredMails.map((mail) => mail.subject)).toEqual([
      `Verdeo order ${shortOrderId(stale.id)}: expired`,
    ]);
    expect(expiredMails[0]?.text).toContain("not paid within 14 days");
  });

  it("is idempotent: a second run (or a second worker) changes and mails nothing", async () => {
    const now = new Date();
    await createPromo({ code: "TWICE10", value: 10 });
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    const stale = await placeWithPromo(email, "TWICE10", new Date(now.getTime() - 30 * DAY));
    const [first, second] = await Promise.all([expireUnpaidOrders(now), expireUnpaidOrders(now)]);
    expect([...first!, ...second!].filter((id) => id === stale.id)).toEqual([stale.id]);
    expect(await expireUnpaidOrders(now)).toEqual([]);
    expect(await usesOf("TWICE10")).toBe(0);
    const expired = (await outboxFor(email)).filter((mail) => mail.subject.endsWith(": expired"));
    expect(expired).toHaveLength(1);
  });

  it("follows the configured number of days", async () => {
    process.env.ORDER_EXPIRY_DAYS = "3";
    loadConfig();
    const now = new Date();
    const email = `short-${randomUUID().slice(0, 8)}@example.com`;
    await createPromo({ code: "SHORT10", value: 10 });
    const order = await placeWithPromo(email, "SHORT10", new Date(now.getTime() - 4 * DAY));
    expect(await expireUnpaidOrders(now)).toContain(order.id);
  });
});
