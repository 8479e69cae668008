import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORDER_FAILED_MESSAGE, PROMO_MESSAGES } from "~/commerce/checkout/checkout-schema";
import { shortOrderId } from "~/commerce/orders/order-id";
import { placeOrder } from "~/commerce/orders/order-lifecycle.server";
import { computeOrderAmounts } from "~/commerce/pricing/pricing-math";
import { action as checkoutAction } from "~/commerce/routes/checkout";
import { PRO_MONTHLY_PRICE_CENTS, VAT_RATE_BPS } from "~/constants";
import type { FormReply } from "~/platform/http/form-reply";
import {
  allOrders,
  applyPromo,
  BUYER,
  choosePlan,
  cookiePair,
  createBuyerUser,
  createPromo,
  findTierId,
  loadCheckout,
  loadSuccess,
  postForm,
  routeArgs,
  settle,
  submitCheckout,
} from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

async function clearOrders() {
  await database.db.execute(sql`delete from orders`);
}

describe("placing an order", () => {
  it("stores every field of the order, with user_id null for a guest, and clears the checkout data", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator", { downloads: 10 });
    const placed = await submitCheckout(cookie, { company: "  Acme  " });
    expect(placed.location).toBe("/checkout/success");

    const [order] = await allOrders();
    expect(order).toMatchObject({
      planCategory: "creator",
      licenseKind: "standard",
      billing: "one_time",
      downloads: 10,
      unitPriceCents: 8_900,
      subtotalCents: 8_900,
      promoCode: null,
      promoValueCents: 0,
      vatRateBps: VAT_RATE_BPS,
      vatAmountCents: 1_691,
      totalCents: 10_591,
      email: BUYER.email,
      company: "Acme",
      country: "CY",
      userId: null,
      status: "awaiting_payment",
    });

    const after = cookiePair(placed.setCookie);
    expect((await loadCheckout(after)).location).toBe("/pricing");
    const success = await loadSuccess(after);
    expect(success.data).toMatchObject({ orderNumber: shortOrderId(order!.id), totalCents: 10_591 });
    expect(success.data?.orderNumber).toMatch(/^[0-9A-F]{8}$/);
  });

  it("prices pro annual as 12 months less 15% and pro monthly as one month", async () => {
    await clearOrders();
    await submitCheckout(await choosePlan("pro", { billing: "annual" }));
    await submitCheckout(await choosePlan("pro", { billing: "monthly" }));
    const orders = await allOrders();
    expect(orders.map((order) => [order.billing, order.subtotalCents, order.totalCents])).toEqual([
      ["annual", 510_000, 606_900],
      ["monthly", PRO_MONTHLY_PRICE_CENTS, 59_500],
    ]);
  });

  it("records the signed-in buyer's id", async () => {
    await clearOrders();
    const user = await createBuyerUser();
    const tierId = await findTierId("business", 5);
    const result = await placeOrder({
      selection: { category: "business", tierId, billing: "one_time" },
      promoCode: null,
      buyer: { email: user.email, company: null, country: "GR" },
      userId: user.id,
      idempotencyKey: randomUUID(),
    });
    expect(result.ok && result.order.userId).toBe(user.id);
  });

  it("refuses a billing the plan does not offer", async () => {
    const tierId = await findTierId("creator", 5);
    const result = await placeOrder({
      selection: { category: "creator", tierId, billing: "annual" },
      promoCode: null,
      buyer: { email: "a@b.co", company: null, country: "CY" },
      userId: null,
      idempotencyKey: randomUUID(),
    });
    expect(result).toEqual({ ok: false, reason: "unavailable" });
  });

  it("asks for a valid email, a known country and the terms, keeping what was typed", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator");
    const result = await submitCheckout(cookie, { email: "not-an-email", country: "Atlantis", terms: "" });
    expect(result.status).toBe(400);
    expect(Object.keys(result.data?.fieldErrors ?? {}).sort()).toEqual(["country", "email", "terms"]);
    expect(result.data?.values).toMatchObject({
      email: "not-an-email",
      country: "Atlantis",
      company: "Example Ltd",
    });
    expect(await allOrders()).toHaveLength(0);
  });

  it("a forged second email is refused, not placed under either address", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator");
    const forged = await settle<Partial<FormReply>>(() =>
      checkoutAction(
        routeArgs(
          postForm(
            "/checkout",
            [...Object.entries({ ...BUYER, intent: "place-order" }), ["email", "other@example.com"]],
            cookie,
          ),
        ),
      ),
    );
    expect(forged.status).toBe(400);
    expect(forged.data?.fieldErrors).toHaveProperty("email");
    expect(await allOrders()).toHaveLength(0);
  });

  it("a failure answers with the spec's message and keeps the form values", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator");
    await database.db.execute(sql`alter table orders rename to orders_away`);
    try {
      const result = await submitCheckout(cookie, { company: "Kept Ltd" });
      expect(result.status).toBe(500);
      expect(result.data?.formError).toBe(ORDER_FAILED_MESSAGE);
      expect(result.data?.values).toMatchObject({ email: BUYER.email, company: "Kept Ltd", terms: "on" });
    } finally {
      await database.db.execute(sql`alter table orders_away rename to orders`);
    }
    // The checkout is still held, so the buyer can simply try again.
    expect((await submitCheckout(cookie)).location).toBe("/checkout/success");
  });
});

describe("one checkout, one order", () => {
  it("50 concurrent submits of one checkout create exactly one order", async () => {
    await clearOrders();
    const cookie = await choosePlan("business", { downloads: 25 });
    const results = await Promise.all(Array.from({ length: 50 }, () => submitCheckout(cookie)));
    expect(results.map((result) => result.location)).toEqual(Array(50).fill("/checkout/success"));
    const orders = await allOrders();
    expect(orders).toHaveLength(1);
    // Every answer leads to the same order.
    const numbers = await Promise.all(
      results.map(async (result) => (await loadSuccess(cookiePair(result.setCookie))).data?.orderNumber),
    );
    expect(new Set(numbers)).toEqual(new Set([shortOrderId(orders[0]!.id)]));
  });

  it("a retry with the old cookie (the answer was lost) returns the first order", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator");
    const first = await submitCheckout(cookie);
    const retry = await submitCheckout(cookie, { email: "changed@example.com" });
    expect(retry.location).toBe("/checkout/success");
    expect(await allOrders()).toHaveLength(1);
    expect((await loadSuccess(cookiePair(retry.setCookie))).data).toEqual(
      (await loadSuccess(cookiePair(first.setCookie))).data,
    );
  });

  it("a resubmit after success (checkout data cleared) shows the same order instead of a new one", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator");
    const key = (await loadCheckout(cookie)).data!.idempotencyKey;
    const first = await submitCheckout(cookie, { idempotencyKey: key });
    const resubmit = await submitCheckout(cookiePair(first.setCookie), { idempotencyKey: key });
    expect(resubmit.location).toBe("/checkout/success");
    expect(await allOrders()).toHaveLength(1);
  });

  it("another session presenting an order's idempotency key is sent to pricing, not to that order", async () => {
    await clearOrders();
    const owner = await choosePlan("creator");
    const key = (await loadCheckout(owner)).data!.idempotencyKey;
    await submitCheckout(owner, { idempotencyKey: key });
    const stranger = await choosePlan("business");
    const placed = await submitCheckout(stranger, { idempotencyKey: key });
    // The stranger's own checkout is placed (its own key), and the key shown grants nothing more.
    const afterStranger = cookiePair(placed.setCookie);
    const resubmit = await submitCheckout(afterStranger, { idempotencyKey: key });
    expect(resubmit.location).toBe("/pricing");
    const fresh = await submitCheckout("", { idempotencyKey: key });
    expect(fresh.location).toBe("/pricing");
    expect(fresh.setCookie).toBeNull();
  });

  it("200 concurrent distinct checkouts create 200 orders, none lost", async () => {
    await clearOrders();
    const buyers = Array.from({ length: 200 }, (_, index) => ({
      ip: `198.51.${Math.floor(index / 250)}.${index % 250}`,
      category: (["creator", "business", "pro"] as const)[index % 3],
    }));
    const cookies = await Promise.all(
      buyers.map((buyer) => choosePlan(buyer.category, { clientIp: buyer.ip })),
    );
    const results = await Promise.all(
      cookies.map((cookie, index) =>
        submitCheckout(cookie, { email: `buyer${index}@example.com` }, buyers[index]!.ip),
      ),
    );
    expect(results.filter((result) => result.location === "/checkout/success")).toHaveLength(200);
    const orders = await allOrders();
    expect(orders).toHaveLength(200);
    expect(new Set(orders.map((order) => order.email)).size).toBe(200);
  });
});

describe("the server is the authority on price", () => {
  it("a form posted with a changed price, plan, discount, VAT rate or total stores the server's order", async () => {
    await clearOrders();
    const cookie = await choosePlan("creator", { downloads: 5 });
    const proTier = await findTierId("pro");
    const tampered = await submitCheckout(cookie, {
      category: "pro",
      tierId: String(proTier),
      billing: "annual",
      downloads: "0",
      price: "1",
      priceCents: "1",
      unitPriceCents: "1",
      subtotal: "0.01",
      subtotalCents: "1",
      discount: "49",
      promoValueCents: "4900",
      promoCode: "FLAT50",
      vatRate: "0",
      vatRateBps: "0",
      vatAmountCents: "0",
      total: "0.01",
      totalCents: "1",
    });
    expect(tampered.location).toBe("/checkout/success");
    const [order] = await allOrders();
    const expected = computeOrderAmounts(4_900, "one_time", null);
    expect(order).toMatchObject({
      planCategory: "creator",
      billing: "one_time",
      downloads: 5,
      unitPriceCents: expected.unitPriceCents,
      subtotalCents: expected.subtotalCents,
      promoCode: null,
      promoValueCents: 0,
      vatRateBps: VAT_RATE_BPS,
      vatAmountCents: expected.vatCents,
      totalCents: expected.totalCents,
    });
  });

  it("a plan chosen with a forged cookie is not accepted", async () => {
    const forged = `verdeo_checkout=${Buffer.from(JSON.stringify({ selection: { category: "pro" } })).toString("base64")}`;
    expect((await submitCheckout(forged)).location).toBe("/pricing");
  });

  it("the applied promo code is priced at submit time", async () => {
    await clearOrders();
    const cookie = await choosePlan("business", { downloads: 5 });
    const applied = await applyPromo(cookie, "flat50");
    const withPromo = cookiePair(applied.setCookie);
    await submitCheckout(withPromo, { promoValueCents: "14900", totalCents: "0" });
    const [order] = await allOrders();
    expect(order).toMatchObject({
      promoCode: "FLAT50",
      promoValueCents: 5_000,
      vatAmountCents: 1_881,
      totalCents: 11_781,
    });
  });

  it("a code deactivated after it was applied is refused at submit with its message", async () => {
    await clearOrders();
    await createPromo({ code: "SOONOFF", value: 20 });
    const cookie = cookiePair((await applyPromo(await choosePlan("creator"), "SOONOFF")).setCookie);
    await database.db.execute(sql`update promo_codes set is_active = false where code = 'SOONOFF'`);
    const refused = await submitCheckout(cookie);
    expect(refused.status).toBe(409);
    expect(refused.data?.fieldErrors?.promoCode).toBe(PROMO_MESSAGES.invalid);
    expect(await allOrders()).toHaveLength(0);
    // The stale code is dropped, so the next submit goes through at the full price.
    expect((await submitCheckout(cookiePair(refused.setCookie))).location).toBe("/checkout/success");
    expect((await allOrders())[0]).toMatchObject({ promoCode: null, totalCents: 5_831 });
  });

  it("a code that expired after it was applied is refused at submit with its message", async () => {
    await clearOrders();
    await createPromo({ code: "SOONGONE", value: 20, expiresAt: new Date(Date.now() + 60_000) });
    const cookie = cookiePair((await applyPromo(await choosePlan("creator"), "SOONGONE")).setCookie);
    await database.db.execute(
      sql`update promo_codes set expires_at = now() - interval '1 second' where code = 'SOONGONE'`,
    );
    const refused = await submitCheckout(cookie);
    expect(refused.data?.fieldErrors?.promoCode).toBe(PROMO_MESSAGES.expired);
    expect(await allOrders()).toHaveLength(0);
  });
});
