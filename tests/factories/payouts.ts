import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { licenseClip } from "~/licensing/downloads.server";
import { balanceOf } from "~/payouts/ledger/ledger.queries.server";
import { payoutRuns, payouts, royaltyLines } from "~/payouts/schema.server";
import { db } from "~/platform/db/client.server";
import { createAccount } from "./accounts";
import { createClip } from "./catalog";
import { createPaidOrder } from "./licensing";

let periods = 0;

/**
 * Stands in for the runs helper's monthly run: a run and one payout for the creator, taking every
 * line available at `now` and in no payout yet, with the payout's status (`sent` makes them paid).
 */
export async function payOut(
  creatorId: string,
  options: { now?: Date; status?: "approved" | "sent"; period?: string } = {},
) {
  const now = options.now ?? new Date();
  const status = options.status ?? "sent";
  const lines = await db()
    .select()
    .from(royaltyLines)
    .where(
      and(
        eq(royaltyLines.creatorId, creatorId),
        isNull(royaltyLines.payoutId),
        lte(royaltyLines.availableAt, now),
      ),
    );
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  periods += 1;
  const [run] = await db()
    .insert(payoutRuns)
    .values({
      period: options.period ?? `T${process.pid}-${periods}`,
      status: status === "sent" ? "completed" : "approved",
      thresholdCents: 1,
      createdAt: now,
    })
    .returning();
  const [payout] = await db()
    .insert(payouts)
    .values({
      runId: run!.id,
      creatorId,
      method: "bank",
      amountCents,
      status,
      sentAt: status === "sent" ? now : null,
      createdAt: now,
    })
    .returning();
  await db()
    .update(royaltyLines)
    .set({ payoutId: payout!.id })
    .where(
      inArray(
        royaltyLines.id,
        lines.map((line) => line.id),
      ),
    );
  return { run: run!, payout: payout!, lines };
}

/** Marks a payout of `payOut(…, { status: "approved" })` sent. */
export async function markSent(payoutId: string, at = new Date()) {
  await db().update(payouts).set({ status: "sent", sentAt: at }).where(eq(payouts.id, payoutId));
}

export async function linesOf(creatorId: string) {
  return db()
    .select()
    .from(royaltyLines)
    .where(eq(royaltyLines.creatorId, creatorId))
    .orderBy(asc(royaltyLines.createdAt), asc(royaltyLines.id));
}

/** The ledger's one invariant: every cent of every line is in exactly one of the four balances. */
export async function ledgerAddsUp(creatorId: string, now: Date) {
  const balance = await balanceOf(db(), creatorId, now);
  const sum = (await linesOf(creatorId)).reduce((total, line) => total + line.amountCents, 0);
  return {
    sum,
    balance,
    parts: balance.pendingCents + balance.availableCents + balance.onTheWayCents + balance.paidCents,
  };
}

/** A buyer with a paid plan who licenses `clipIds` of the creator's clips, at `at`. */
export async function buyerLicenses(clipIds: number[], options: { at?: Date; unitPriceCents?: number } = {}) {
  const account = await createAccount();
  const paid = await createPaidOrder({
    userId: account.id,
    email: account.email,
    downloads: 10,
    unitPriceCents: options.unitPriceCents ?? 8_900,
  });
  const licensee = { userId: account.id, name: "Test Buyer", email: account.email };
  const licenseIds: string[] = [];
  for (const clipId of clipIds) {
    const result = await licenseClip({ licensee, clipId, now: options.at });
    if (!result.ok) throw new Error(`could not license clip ${clipId}: ${result.reason}`);
    licenseIds.push(result.value.license.id);
  }
  return { order: paid.order, licenseIds, account };
}

export async function creatorClip(creatorId: string, title = `Clip ${randomUUID().slice(0, 6)}`) {
  return (await createClip({ userId: creatorId, title }))!;
}
