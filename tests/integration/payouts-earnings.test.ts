import { describe, expect, it } from "vitest";
import { refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { getCreatorEarnings } from "~/payouts/ledger/earnings.server";
import { loader as earningsLoader } from "~/payouts/routes/earnings";
import { createAccount, sessionCookie } from "../factories/accounts";
import { getPage, routeArgs, settle } from "../factories/commerce";
import { STAFF_ACTOR } from "../factories/licensing";
import { buyerLicenses, creatorClip, payOut } from "../factories/payouts";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const after = (days: number) => new Date(Date.now() + days * DAY);

describe("the earnings page", () => {
  it("shows the balances by state, the next payout, when pending money frees up and every line with its state", async () => {
    const creator = await createAccount({ role: "creator" });
    const [paid, refunded, pending] = [
      await creatorClip(creator.id, "Paid Clip"),
      await creatorClip(creator.id, "Refunded Clip"),
      await creatorClip(creator.id, "Pending Clip"),
    ];
    await buyerLicenses([paid]);
    await payOut(creator.id, { now: after(31) });
    const refundedOrder = await buyerLicenses([refunded], { at: after(32) });
    await refundOrder({ orderId: refundedOrder.order.id, actor: STAFF_ACTOR, now: after(33) });
    await buyerLicenses([pending], { at: after(34), unitPriceCents: 20_000 });

    const now = after(35);
    const earnings = await getCreatorEarnings(creator.id, { now });
    expect(earnings.balances).toEqual({
      pending: "€10.00",
      available: "€0.00",
      onTheWay: "€0.00",
      paid: "€4.45",
      availableNegative: false,
    });
    const firstOfNextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(earnings.nextPayout.date).toBe(
      new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(firstOfNextMonth),
    );
    expect(earnings.nextPayout.threshold).toBe("€50.00");
    // €10.00 frees up 30 days after its license (day 64); under the €50.00 threshold either way.
    expect(earnings.nextPayout.outcome).toBe(firstOfNextMonth >= after(64) ? "carried_over" : "nothing");
    expect(earnings.releases).toEqual([
      expect.objectContaining({ day: after(64).toISOString().slice(0, 10), amount: "€10.00" }),
    ]);
    expect(earnings.lines.rows.map((row) => [row.kind, row.clipTitle, row.amount, row.state])).toEqual([
      ["royalty", "Pending Clip", "€10.00", "pending"],
      ["reversal", "Refunded Clip", "-€4.45", "pending"],
      ["royalty", "Refunded Clip", "€4.45", "pending"],
      ["royalty", "Paid Clip", "€4.45", "paid"],
    ]);
    expect(earnings.terms.join(" ")).toContain("monthly, on the 1st");
  });

  it("pages the ledger newest first, and a page number past the end or not a number is harmless", async () => {
    const creator = await createAccount({ role: "creator" });
    const clips = await Promise.all(
      Array.from({ length: 27 }, (_, index) => creatorClip(creator.id, `Clip ${index}`)),
    );
    await buyerLicenses(clips.slice(0, 10));
    await buyerLicenses(clips.slice(10, 20));
    await buyerLicenses(clips.slice(20));
    const cookie = await sessionCookie(creator.email);
    const load = (query: string) =>
      settle<Awaited<ReturnType<typeof earningsLoader>>>(() =>
        earningsLoader(routeArgs(getPage(`/studio/earnings${query}`, cookie)) as never),
      );
    const first = await load("");
    expect(first.data?.lines).toMatchObject({ page: 1, total: 27 });
    expect(first.data?.lines.rows).toHaveLength(25);
    const second = await load("?page=2");
    expect(second.data?.lines.rows).toHaveLength(2);
    for (const query of ["?page=abc", "?page=-1", "?page=99999999999999999999", "?page=%00"]) {
      const result = await load(query);
      expect(result.status).toBe(200);
      expect(result.data?.lines.page).toBe(1);
    }
    expect((await load("?page=50")).data?.lines.rows).toEqual([]);
  });

  it("is for creators only: a visitor is sent to log in, a buyer is refused", async () => {
    const buyer = await createAccount();
    const visitor = await settle(() => earningsLoader(routeArgs(getPage("/studio/earnings")) as never));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
    const cookie = await sessionCookie(buyer.email);
    const asBuyer = await settle(() =>
      earningsLoader(routeArgs(getPage("/studio/earnings", cookie)) as never),
    );
    expect(asBuyer.status).toBe(403);
  });
});
