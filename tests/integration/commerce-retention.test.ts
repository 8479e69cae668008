import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "~/commerce/jobs.server";
import { cancelOrder, markOrderPaid, placeOrder } from "~/commerce/orders/order-lifecycle.server";
import { deleteNeverPaidOrders } from "~/commerce/orders/order-retention.server";
import { orders, pricingTiers, promoCodes, promoRedemptions } from "~/commerce/schema.server";
import { createPromo } from "../factories/commerce";
import { STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const DAY = 24 * 3600 * 1000;

/** A business buyer's order through the checkout's own lifecycle, with its personal data and a code. */
async function place(code: string | null) {
  const [tier] = await database.db
    .select()
    .from(pricingTiers)
    .where(eq(pricingTiers.planCategory, "creator"));
  const placed = await placeOrder({
    selection: { category: "creator", tierId: tier!.id, billing: "one_time" },
    promoCode: code,
    buyer: {
      email: `retention-${randomUUID().slice(0, 8)}@example.com`,
      country: "CY",
      buyerName: "Eleni Georgiou",
      addressLine: "1 Makariou Avenue",
      postalCode: "1065",
      city: "Nicosia",
    },
    userId: null,
    idempotencyKey: randomUUID(),
  });
  if (!placed.ok) throw new Error(`placing failed: ${placed.reason}`);
  return placed.order;
}

/** Moves an order's placement back in time, as if it had been placed `days` ago. */
async function age(orderId: string, days: number, now: Date) {
  await database.db
    .update(orders)
    .set({ createdAt: new Date(now.getTime() - days * DAY) })
    .where(eq(orders.id, orderId));
}

const remaining = async (ids: string[]) =>
  (await database.db.select().from(orders).where(inArray(orders.id, ids))).map((order) => order.id).sort();
const usesOf = async (code: string) =>
  (await database.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]?.usesCount;
const redemptionsOf = async (ids: string[]) =>
  database.db.select().from(promoRedemptions).where(inArray(promoRedemptions.orderId, ids));

describe("orders never paid are deleted after the privacy page's twelve months", () => {
  it("deletes a cancelled or expired unpaid order past the period, keeps a younger one and a paid one", async () => {
    const now = new Date();
    await createPromo({ code: "KEEP10", value: 10 });
    // Cancelled by staff before payment, 13 months ago.
    const cancelled = await place("KEEP10");
    expect((await cancelOrder({ orderId: cancelled.id, actor: STAFF_ACTOR })).ok).toBe(true);
    await age(cancelled.id, 400, now);
    // Cancelled by the expiry job after ORDER_EXPIRY_DAYS unpaid, 13 months ago.
    const expired = await place(null);
    await age(expired.id, 400, now);
    expect(await expireUnpaidOrders(now)).toContain(expired.id);
    // Cancelled unpaid, but only 11 months ago: kept for now.
    const younger = await place(null);
    expect((await cancelOrder({ orderId: younger.id, actor: STAFF_ACTOR })).ok).toBe(true);
    await age(younger.id, 330, now);
    // Paid (and so invoiced) 13 months ago: kept as tax law requires.
    const paid = await place("KEEP10");
    const paying = await markOrderPaid({
      orderId: paid.id,
      reference: "transfer",
      paidAt: new Date(now.getTime() - 400 * DAY),
      actor: STAFF_ACTOR,
    });
    expect(paying.ok).toBe(true);
    await age(paid.id, 400, now);
    expect(await usesOf("KEEP10")).toBe(1);

    const all = [cancelled.id, expired.id, younger.id, paid.id];
    expect(await deleteNeverPaidOrders(now)).toBe(2);
    expect(await remaining(all)).toEqual([younger.id, paid.id].sort());
    // The buyer's name, address and email went with the rows; nothing else holds them.
    const leftover = await database.db.select().from(orders).where(eq(orders.buyerName, "Eleni Georgiou"));
    expect(leftover.map((order) => order.id).sort()).toEqual([younger.id, paid.id].sort());
    // The paid order keeps the use it made; the cancelled one had given its use back already.
    expect(await usesOf("KEEP10")).toBe(1);
    expect((await redemptionsOf(all)).map((use) => use.orderId)).toEqual([paid.id]);

    // A second run finds nothing.
    expect(await deleteNeverPaidOrders(now)).toBe(0);
  });

  it("deletes an order still awaiting payment past the period with its promo use, giving the use back", async () => {
    const now = new Date();
    await createPromo({ code: "STALE10", value: 10 });
    const stale = await place("STALE10");
    await age(stale.id, 400, now);
    expect(await usesOf("STALE10")).toBe(1);
    expect(await deleteNeverPaidOrders(now)).toBe(1);
    expect(await remaining([stale.id])).toEqual([]);
    expect(await redemptionsOf([stale.id])).toEqual([]);
    expect(await usesOf("STALE10")).toBe(0);
  });
});
