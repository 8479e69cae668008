import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { payouts, royaltyLines } from "./schema.server";

export type RoyaltyLine = typeof royaltyLines.$inferSelect;

export async function insertRoyaltyLine(executor: Executor, line: typeof royaltyLines.$inferInsert) {
  await executor.insert(royaltyLines).values(line).onConflictDoNothing();
}

/** A creator's royalties (reversals included) by calendar month (UTC), newest first. */
export async function earningsByMonth(creatorId: string) {
  const month = sql<string>`to_char(date_trunc('month', ${royaltyLines.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  return db()
    .select({
      month,
      licenses: sql<number>`(count(*) filter (where ${royaltyLines.kind} = 'royalty'))::int`,
      amountCents: sql<number>`sum(${royaltyLines.amountCents})::int`,
    })
    .from(royaltyLines)
    .where(eq(royaltyLines.creatorId, creatorId))
    .groupBy(month)
    .orderBy(desc(month));
}

/** A creator's royalties by clip, highest first; the title is the license's snapshot. */
export async function earningsByClip(creatorId: string) {
  const amount = sql<number>`sum(${royaltyLines.amountCents})::int`;
  return db()
    .select({
      clipId: royaltyLines.clipId,
      title: sql<string>`max(${royaltyLines.clipTitle})`,
      licenses: sql<number>`(count(*) filter (where ${royaltyLines.kind} = 'royalty'))::int`,
      amountCents: amount,
    })
    .from(royaltyLines)
    .where(eq(royaltyLines.creatorId, creatorId))
    .groupBy(royaltyLines.clipId)
    .orderBy(desc(amount));
}

/**
 * Where a creator's lines stand at `now`, in cents: pending (in the refund window), available (out of
 * it, in no payout yet; reversals count here at once), on the way (in a payout not yet sent) and
 * paid (in a sent payout). Their sum is the sum of every line.
 */
export async function balanceOf(executor: Executor, creatorId: string, now: Date) {
  const rows = await executor.execute<{
    pending_cents: number;
    available_cents: number;
    on_the_way_cents: number;
    paid_cents: number;
  }>(sql`
    select
      coalesce(sum(l.amount_cents) filter (where l.payout_id is null and l.available_at > ${now}), 0)::int as pending_cents,
      coalesce(sum(l.amount_cents) filter (where l.payout_id is null and l.available_at <= ${now}), 0)::int as available_cents,
      coalesce(sum(l.amount_cents) filter (where p.status is not null and p.status <> 'sent'), 0)::int as on_the_way_cents,
      coalesce(sum(l.amount_cents) filter (where p.status = 'sent'), 0)::int as paid_cents
    from ${royaltyLines} l
    left join ${payouts} p on p.id = l.payout_id
    where l.creator_id = ${creatorId}`);
  const row = rows.rows[0]!;
  return {
    pendingCents: row.pending_cents,
    availableCents: row.available_cents,
    onTheWayCents: row.on_the_way_cents,
    paidCents: row.paid_cents,
  };
}

/** Every creator with lines available at `now` and in no payout yet, with that balance (may be negative). */
export async function availableBalances(executor: Executor, now: Date) {
  return executor
    .select({
      creatorId: royaltyLines.creatorId,
      availableCents: sql<number>`sum(${royaltyLines.amountCents})::int`,
    })
    .from(royaltyLines)
    .where(and(isNull(royaltyLines.payoutId), lte(royaltyLines.availableAt, now)))
    .groupBy(royaltyLines.creatorId);
}
