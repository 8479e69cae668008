import { describe, expect, it } from "vitest";
import { cancelOrder, refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { recordDispute } from "~/commerce/orders/order-lifecycle-billing.server";
import { recordPartialRefund } from "~/commerce/orders/order-refunds.server";
import { availableBalances, balanceOf } from "~/payouts/ledger/ledger.queries.server";
import { restoreOrderRoyalties, reverseOrderRoyalties } from "~/payouts/ledger/ledger.server";
import { db } from "~/platform/db/client.server";
import { createProfile } from "../factories/catalog";
import { STAFF_ACTOR } from "../factories/licensing";
import { buyerLicenses, creatorClip, ledgerAddsUp, linesOf, markSent, payOut } from "../factories/payouts";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const after = (days: number) => new Date(Date.now() + days * DAY);
// €89.00 for 10 downloads: €8.90 a download, 50% royalty = 445 cents; the order's total is €105.91.
const ROYALTY = 445;
const ORDER_TOTAL = 10_591;

async function expectLedgerAddsUp(creatorId: string, now: Date) {
  const { sum, parts } = await ledgerAddsUp(creatorId, now);
  expect(parts).toBe(sum);
}

describe("reversals", () => {
  it("a refund inside the window reverses exactly that license's royalty, not the other license's", async () => {
    const creator = (await createProfile())!;
    const [first, second] = [await creatorClip(creator.id), await creatorClip(creator.id)];
    const refunded = await buyerLicenses([first]);
    const kept = await buyerLicenses([second]);

    await refundOrder({ orderId: refunded.order.id, actor: STAFF_ACTOR, now: after(2) });

    const lines = await linesOf(creator.id);
    const royaltyOf = (licenseId: string) =>
      lines.find((line) => line.kind === "royalty" && line.licenseId === licenseId)!;
    const reversals = lines.filter((line) => line.kind === "reversal");
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      reversesId: royaltyOf(refunded.licenseIds[0]!).id,
      licenseId: refunded.licenseIds[0],
      amountCents: -ROYALTY,
      // Still in the window: it becomes available with the line, so they cancel out in pending.
      availableAt: royaltyOf(refunded.licenseIds[0]!).availableAt,
    });
    expect(royaltyOf(kept.licenseIds[0]!).amountCents).toBe(ROYALTY);

    expect(await balanceOf(db(), creator.id, after(3))).toEqual({
      pendingCents: ROYALTY,
      availableCents: 0,
      onTheWayCents: 0,
      paidCents: 0,
    });
    expect(await balanceOf(db(), creator.id, after(31))).toMatchObject({
      pendingCents: 0,
      availableCents: ROYALTY,
    });
    await expectLedgerAddsUp(creator.id, after(3));
    await expectLedgerAddsUp(creator.id, after(31));
  });

  it("a refund after the payout leaves a negative balance that the next payout nets", async () => {
    const creator = (await createProfile())!;
    const clip = await creatorClip(creator.id);
    const first = await buyerLicenses([clip]);
    const { payout } = await payOut(creator.id, { now: after(31) });
    expect(payout.amountCents).toBe(ROYALTY);

    await refundOrder({ orderId: first.order.id, actor: STAFF_ACTOR, now: after(40) });
    expect(await balanceOf(db(), creator.id, after(40))).toEqual({
      pendingCents: 0,
      availableCents: -ROYALTY,
      onTheWayCents: 0,
      paidCents: ROYALTY,
    });
    const owed = (await availableBalances(db(), after(40))).find((row) => row.creatorId === creator.id);
    expect(owed?.availableCents).toBe(-ROYALTY);
    await expectLedgerAddsUp(creator.id, after(40));

    // A later license of €20.00 a download earns 1000 cents; the next payout pays 1000 − 445.
    const other = await creatorClip(creator.id);
    await buyerLicenses([other], { unitPriceCents: 20_000 });
    expect((await balanceOf(db(), creator.id, after(41))).availableCents).toBe(1_000 - ROYALTY);
    const next = await payOut(creator.id, { now: after(41) });
    expect(next.payout.amountCents).toBe(1_000 - ROYALTY);
    expect(await balanceOf(db(), creator.id, after(41))).toEqual({
      pendingCents: 0,
      availableCents: 0,
      onTheWayCents: 0,
      paidCents: 1_000,
    });
    await expectLedgerAddsUp(creator.id, after(41));
  });

  it("a cancel after payment reverses like a refund; lines are never edited", async () => {
    const creator = (await createProfile())!;
    const bought = await buyerLicenses([await creatorClip(creator.id), await creatorClip(creator.id)]);
    const before = await linesOf(creator.id);
    await cancelOrder({ orderId: bought.order.id, actor: STAFF_ACTOR, now: after(1) });
    const lines = await linesOf(creator.id);
    expect(lines.filter((line) => line.kind === "reversal").map((line) => line.amountCents)).toEqual([
      -ROYALTY,
      -ROYALTY,
    ]);
    // The royalties themselves are untouched.
    expect(lines.filter((line) => line.kind === "royalty")).toEqual(before);
    expect((await balanceOf(db(), creator.id, after(31))).availableCents).toBe(0);
  });

  it("a replayed refund or dispute changes nothing the second time", async () => {
    const creator = (await createProfile())!;
    const bought = await buyerLicenses([await creatorClip(creator.id)]);
    const opened = { orderId: bought.order.id, disputeId: "dp_1", status: "open" as const, at: after(1) };
    expect((await recordDispute({ ...opened, eventId: "evt_open" })).changed).toBe(true);
    expect((await recordDispute({ ...opened, eventId: "evt_open" })).changed).toBe(false);
    expect((await recordDispute({ ...opened, eventId: "evt_open_again" })).changed).toBe(false);
    // The ledger's own functions are idempotent too, whoever calls them.
    await db().transaction((tx) => reverseOrderRoyalties(tx, bought.order.id, after(2)));
    expect((await linesOf(creator.id)).map((line) => line.amountCents)).toEqual([ROYALTY, -ROYALTY]);

    const won = { ...opened, status: "won" as const, at: after(3) };
    expect((await recordDispute({ ...won, eventId: "evt_won" })).changed).toBe(true);
    expect((await recordDispute({ ...won, eventId: "evt_won" })).changed).toBe(false);
    await db().transaction((tx) => restoreOrderRoyalties(tx, bought.order.id, after(3.5)));
    expect((await linesOf(creator.id)).map((line) => [line.kind, line.amountCents])).toEqual([
      ["royalty", ROYALTY],
      ["reversal", -ROYALTY],
      ["restoration", ROYALTY],
    ]);

    await refundOrder({ orderId: bought.order.id, actor: STAFF_ACTOR, now: after(4) });
    await refundOrder({ orderId: bought.order.id, actor: STAFF_ACTOR, now: after(5) });
    const lines = await linesOf(creator.id);
    expect(lines).toHaveLength(4);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
  });

  it("20 parallel reversals of one order add one reversal per line", async () => {
    const creator = (await createProfile())!;
    const bought = await buyerLicenses([await creatorClip(creator.id), await creatorClip(creator.id)]);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction((tx) => reverseOrderRoyalties(tx, bought.order.id, after(1))),
      ),
    );
    expect((await linesOf(creator.id)).filter((line) => line.kind === "reversal")).toHaveLength(2);
  });

  it("a won dispute restores the royalties, and a lost one leaves them reversed", async () => {
    const creator = (await createProfile())!;
    const winner = await buyerLicenses([await creatorClip(creator.id)]);
    const loser = await buyerLicenses([await creatorClip(creator.id)]);
    for (const [order, id] of [
      [winner.order, "dp_won"],
      [loser.order, "dp_lost"],
    ] as const) {
      await recordDispute({
        orderId: order.id,
        disputeId: id,
        status: "open",
        eventId: `${id}_open`,
        at: after(1),
      });
    }
    expect((await balanceOf(db(), creator.id, after(31))).availableCents).toBe(0);
    await expectLedgerAddsUp(creator.id, after(2));

    await recordDispute({
      orderId: winner.order.id,
      disputeId: "dp_won",
      status: "won",
      eventId: "w",
      at: after(5),
    });
    await recordDispute({
      orderId: loser.order.id,
      disputeId: "dp_lost",
      status: "lost",
      eventId: "l",
      at: after(5),
    });
    expect((await balanceOf(db(), creator.id, after(31))).availableCents).toBe(ROYALTY);
    const lines = await linesOf(creator.id);
    expect(lines.filter((line) => line.kind === "restoration")).toHaveLength(1);
    expect(lines.filter((line) => line.kind === "reversal")).toHaveLength(2);
    await expectLedgerAddsUp(creator.id, after(31));
  });
});

describe("part refunds", () => {
  it("reverse each line in proportion, rounded down, topped up by later refunds, never past the line", async () => {
    const creator = (await createProfile())!;
    const bought = await buyerLicenses([await creatorClip(creator.id)]);
    const reversed = async () =>
      -(await linesOf(creator.id))
        .filter((line) => line.kind === "reversal")
        .reduce((sum, line) => sum + line.amountCents, 0);

    // A third of €105.91: 445 × 3530 / 10591 = 148.3… → 148.
    await recordPartialRefund({ orderId: bought.order.id, refundedCents: 3_530, eventId: "ch_1" });
    expect(await reversed()).toBe(148);
    await recordPartialRefund({ orderId: bought.order.id, refundedCents: 3_530, eventId: "ch_1" });
    await recordPartialRefund({ orderId: bought.order.id, refundedCents: 3_530, eventId: "ch_1_again" });
    expect(await reversed()).toBe(148);

    // Two thirds in all: 445 × 7060 / 10591 = 296.6… → 296, so 148 more.
    await recordPartialRefund({ orderId: bought.order.id, refundedCents: 7_060, eventId: "ch_2" });
    expect(await reversed()).toBe(296);
    const kinds = (await linesOf(creator.id)).map((line) => [line.kind, line.amountCents]);
    expect(kinds).toEqual([
      ["royalty", ROYALTY],
      ["reversal", -148],
      ["reversal", -148],
    ]);

    // A dispute of the rest, won: only the dispute's reversal comes back.
    const dispute = { orderId: bought.order.id, disputeId: "dp_part", at: after(1) };
    await recordDispute({ ...dispute, status: "open", eventId: "d_open" });
    expect(await reversed()).toBe(ROYALTY);
    await recordDispute({ ...dispute, status: "won", eventId: "d_won" });
    expect((await balanceOf(db(), creator.id, after(31))).availableCents).toBe(ROYALTY - 296);

    // The rest refunded in full: everything is reversed, and not a cent more.
    await refundOrder({ orderId: bought.order.id, actor: STAFF_ACTOR, now: after(2) });
    expect((await balanceOf(db(), creator.id, after(31))).availableCents).toBe(0);
    await expectLedgerAddsUp(creator.id, after(31));
    expect(ORDER_TOTAL).toBe(bought.order.totalCents);
  });
});

describe("balances", () => {
  it("the sum of lines equals pending + available + on the way + paid for every creator at every step", async () => {
    const [maya, niko] = [(await createProfile())!, (await createProfile())!];
    const clips = {
      maya: [await creatorClip(maya.id), await creatorClip(maya.id)],
      niko: [await creatorClip(niko.id)],
    };
    const checks: Date[] = [after(0), after(15), after(31), after(45), after(70)];
    const step = async () => {
      for (const creator of [maya, niko]) for (const now of checks) await expectLedgerAddsUp(creator.id, now);
    };

    const both = await buyerLicenses([clips.maya[0]!, clips.niko[0]!]);
    await step();
    const later = await buyerLicenses([clips.maya[1]!]);
    await step();
    await recordPartialRefund({ orderId: later.order.id, refundedCents: 1_000, eventId: "sum_part" });
    await step();
    const onTheWay = await payOut(maya.id, { now: after(31), status: "approved" });
    await step();
    expect((await balanceOf(db(), maya.id, after(31))).onTheWayCents).toBe(onTheWay.payout.amountCents);
    await markSent(onTheWay.payout.id, after(32));
    await step();
    await refundOrder({ orderId: both.order.id, actor: STAFF_ACTOR, now: after(40) });
    await step();
    // Niko's only license was refunded: nothing to pay.
    expect(await balanceOf(db(), niko.id, after(45))).toEqual({
      pendingCents: 0,
      availableCents: 0,
      onTheWayCents: 0,
      paidCents: 0,
    });
    expect((await balanceOf(db(), maya.id, after(70))).availableCents).toBe(-ROYALTY);
  });
});
