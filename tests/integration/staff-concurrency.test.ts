import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findClip } from "~/catalog/clips/catalog.server";
import { REPORT_TEXTS } from "~/catalog/clips/clip-report";
import { action as reportAction } from "~/catalog/routes/report-clip";
import { clipReports } from "~/catalog/schema.server";
import {
  cancelOrder,
  markOrderPaid,
  placeOrder,
  refundOrder,
} from "~/commerce/orders/order-lifecycle.server";
import { orders, promoCodes, promoRedemptions } from "~/commerce/schema.server";
import { entitlements } from "~/licensing/schema.server";
import { listAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { action as clipAction } from "~/staff/routes/clip";
import { ORDER_TEXTS, action as orderAction } from "~/staff/routes/order";
import { STAFF_TEXTS } from "~/staff/texts";
import { createClip, createProfile } from "../factories/catalog";
import { findTierId } from "../factories/commerce";
import { createOrder } from "../factories/licensing";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

let first: Awaited<ReturnType<typeof signedIn>>;
let second: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  [first, second] = await Promise.all([signedIn("developer"), signedIn("developer")]);
});

describe("two staff at once", () => {
  it("two reviewers approving and rejecting one clip: one decision, the other hears 'already reviewed'", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "in_review" });
    const params = { clipId: String(clipId) };
    const path = `/staff/clips/${clipId}`;
    const results = await Promise.all([
      post(clipAction, path, { intent: "approve" }, first.cookie, params),
      post(
        clipAction,
        path,
        { intent: "reject", reason: "quality", note: "soft", confirmed: "yes" },
        second.cookie,
        params,
      ),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([302, 409]);
    expect(results.find((result) => result.status === 409)?.data?.formError).toBe(
      STAFF_TEXTS.alreadyReviewed,
    );
    const decisions = (await listAudit({ targetType: "clip", targetId: String(clipId) })).filter((entry) =>
      ["clip.approve", "clip.reject"].includes(entry.action),
    );
    expect(decisions).toHaveLength(1);
  });

  it("approving from the console publishes the clip; rejecting needs the confirm step", async () => {
    const creator = await createProfile();
    const rejected = await createClip({ userId: creator.id, status: "in_review" });
    const unconfirmed = await post(
      clipAction,
      `/staff/clips/${rejected}`,
      { intent: "reject", reason: "quality" },
      first.cookie,
      { clipId: String(rejected) },
    );
    expect(unconfirmed.status).toBe(400);
    const approved = await createClip({ userId: creator.id, status: "in_review" });
    await post(clipAction, `/staff/clips/${approved}`, { intent: "approve" }, first.cookie, {
      clipId: String(approved),
    });
    expect(await findClip(approved)).toBeDefined();
    expect(await findClip(rejected)).toBeUndefined();
  });

  it("two staff marking one order paid: it is paid once, with one entitlement and one audit entry", async () => {
    const order = await createOrder();
    const params = { orderId: order.id };
    const path = `/staff/orders/${order.id}`;
    const fields = {
      intent: "mark-paid",
      reference: "SEPA 4471",
      paidAt: new Date().toISOString().slice(0, 10),
    };
    const results = await Promise.all([
      post(orderAction, path, fields, first.cookie, params),
      post(orderAction, path, fields, second.cookie, params),
    ]);
    expect(results.map((result) => result.status)).toEqual([302, 302]);
    expect(await db().select().from(entitlements).where(eq(entitlements.orderId, order.id))).toHaveLength(1);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "paid",
      paymentReference: "SEPA 4471",
    });
    expect(
      (await listAudit({ targetType: "order", targetId: order.id })).map((entry) => entry.action),
    ).toEqual(["order.mark_paid"]);
  });

  it("mark paid refuses a blank reference or a future date; cancel and refund need the confirm step", async () => {
    const order = await createOrder();
    const params = { orderId: order.id };
    const path = `/staff/orders/${order.id}`;
    const markPaid = (reference: string, paidAt: string) =>
      post(orderAction, path, { intent: "mark-paid", reference, paidAt }, first.cookie, params);
    expect(await markPaid(" ", "2026-01-01")).toMatchObject({
      status: 400,
      data: { fieldErrors: { reference: ORDER_TEXTS.reference }, values: { paidAt: "2026-01-01" } },
    });
    expect(await markPaid("x", "2999-01-01")).toMatchObject({
      status: 400,
      data: { fieldErrors: { paidAt: ORDER_TEXTS.paidAt }, values: { reference: "x" } },
    });
    expect((await post(orderAction, path, { intent: "cancel" }, first.cookie, params)).status).toBe(400);
    expect(
      (await post(orderAction, path, { intent: "refund", confirmed: "yes" }, first.cookie, params)).status,
    ).toBe(409);
    expect(
      (await post(orderAction, path, { intent: "cancel", confirmed: "yes" }, first.cookie, params)).status,
    ).toBe(302);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe("cancelled");
  });
});

describe("promo code limits at checkout", () => {
  async function buy(code: string, email: string) {
    return placeOrder({
      selection: { category: "creator", tierId: await findTierId("creator", 5), billing: "one_time" },
      promoCode: code,
      buyer: { email, company: null, country: "CY" },
      userId: null,
      idempotencyKey: randomUUID(),
    });
  }

  it("20 buyers racing for the last 3 uses: exactly 3 orders get the code, the rest are told it is used up", async () => {
    await db().insert(promoCodes).values({ code: "LAST3", type: "percent", value: 20, maxUses: 3 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => buy("LAST3", `racer${index}@example.com`)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(
      results
        .filter((result) => !result.ok)
        .map((result) => !result.ok && result.reason === "promo" && result.refusal),
    ).toEqual(Array(17).fill("used_up"));
    expect((await db().select().from(promoCodes).where(eq(promoCodes.code, "LAST3")))[0]?.usesCount).toBe(3);
    expect(await db().select().from(orders).where(eq(orders.promoCode, "LAST3"))).toHaveLength(3);
    expect(await db().select().from(promoRedemptions).where(eq(promoRedemptions.code, "LAST3"))).toHaveLength(
      3,
    );
  });

  it("one use per customer: a second order by the same email (any case) is refused, even in parallel", async () => {
    await db().insert(promoCodes).values({ code: "ONCE", type: "fixed", value: 500, perCustomerLimit: 1 });
    const results = await Promise.all([
      buy("ONCE", "Same@Example.com"),
      buy("ONCE", "same@example.com"),
      buy("ONCE", "other@example.com"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.find((result) => !result.ok)).toMatchObject({
      reason: "promo",
      refusal: "customer_limit",
    });
    expect((await db().select().from(promoCodes).where(eq(promoCodes.code, "ONCE")))[0]?.usesCount).toBe(2);
  });

  it("cancelling an unpaid order gives its promo use back; a refunded order keeps the use it made", async () => {
    await db().insert(promoCodes).values({ code: "SOLO", type: "percent", value: 10, maxUses: 1 });
    const staff = () => ({ kind: "staff", userId: first.id }) as const;
    const usesOf = async () =>
      (await db().select().from(promoCodes).where(eq(promoCodes.code, "SOLO")))[0]?.usesCount;
    const placed = await buy("SOLO", "first@example.com");
    expect(placed.ok).toBe(true);
    expect(await buy("SOLO", "second@example.com")).toMatchObject({ ok: false, refusal: "used_up" });

    const unpaid = placed.ok ? placed.order.id : "";
    expect(await cancelOrder({ orderId: unpaid, actor: staff() })).toMatchObject({ ok: true });
    expect(await usesOf()).toBe(0);
    expect(await db().select().from(promoRedemptions).where(eq(promoRedemptions.orderId, unpaid))).toEqual(
      [],
    );
    // Cancelling twice gives nothing back twice.
    expect(await cancelOrder({ orderId: unpaid, actor: staff() })).toMatchObject({ ok: true });
    expect(await usesOf()).toBe(0);

    const again = await buy("SOLO", "second@example.com");
    expect(again.ok).toBe(true);
    const paid = again.ok ? again.order.id : "";
    await markOrderPaid({ orderId: paid, reference: "BANK-1", paidAt: new Date(), actor: staff() });
    expect(await refundOrder({ orderId: paid, actor: staff() })).toMatchObject({ ok: true });
    expect(await usesOf()).toBe(1);
  });
});

describe("Report this clip", () => {
  it("a visitor who is not signed in reports a published clip; past the limit they are told to wait", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id });
    const path = `/video/${clipId}/report`;
    const params = { id: String(clipId) };
    const sent = await post(
      reportAction,
      path,
      { reason: "copyright", details: "This is my footage." },
      undefined,
      params,
    );
    expect(sent.status).toBe(302);
    expect(await db().select().from(clipReports).where(eq(clipReports.clipId, clipId))).toMatchObject([
      { reason: "copyright", reporterId: null, status: "open" },
    ]);
    expect(
      (await post(reportAction, path, { reason: "nonsense", details: "x" }, undefined, params)).status,
    ).toBe(400);
    let last = sent;
    for (let n = 0; n < RATE_LIMIT_POLICIES.report.perIp.limit; n++) {
      last = await post(reportAction, path, { reason: "spam", details: `again ${n}` }, undefined, params);
    }
    expect(last).toMatchObject({ status: 429, data: { formError: REPORT_TEXTS.rateLimited } });
  });

  it("a clip that is not published cannot be reported", async () => {
    const creator = await createProfile();
    const clipId = await createClip({ userId: creator.id, status: "in_review" });
    const result = await post(
      reportAction,
      `/video/${clipId}/report`,
      { reason: "spam", details: "x" },
      undefined,
      { id: String(clipId) },
    );
    expect(result.status).toBe(404);
  });
});
