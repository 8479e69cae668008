import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { payouts, royaltyLines } from "../schema.server";

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

/**
 * The royalty lines of an order, each with what is reversed of it now (its reversals less the
 * restorations that undid them), locked so that two changes of one order cannot both reverse a line.
 */
export async function lockRoyaltyLinesOfOrder(executor: Executor, orderId: string) {
  const lines = await executor
    .select()
    .from(royaltyLines)
    .where(and(eq(royaltyLines.orderId, orderId), eq(royaltyLines.kind, "royalty")))
    .orderBy(asc(royaltyLines.createdAt), asc(royaltyLines.id))
    .for("update");
  if (lines.length === 0) return [];
  // A statement of its own, after the lock: it sees the reversals a transaction that held the lock
  // committed (under read committed, each statement reads the latest committed data).
  const rows = await executor.execute<{ id: string; reversed_cents: number }>(sql`
    select r.id,
      (coalesce((select -sum(v.amount_cents) from ${royaltyLines} v
                 where v.reverses_id = r.id and v.kind = 'reversal'), 0)
       - coalesce((select sum(s.amount_cents) from ${royaltyLines} s
                   join ${royaltyLines} v on v.id = s.reverses_id
                   where v.reverses_id = r.id and s.kind = 'restoration'), 0))::int as reversed_cents
    from ${royaltyLines} r
    where r.order_id = ${orderId} and r.kind = 'royalty'`);
  const reversed = new Map(rows.rows.map((row) => [row.id, row.reversed_cents]));
  return lines.map((line) => ({ ...line, reversedCents: reversed.get(line.id) ?? 0 }));
}

/** An order's reversals that no restoration has undone yet, newest first. */
export async function openReversalsOfOrder(executor: Executor, orderId: string) {
  return executor
    .select()
    .from(royaltyLines)
    .where(
      and(
        eq(royaltyLines.orderId, orderId),
        eq(royaltyLines.kind, "reversal"),
        sql`not exists (select 1 from ${royaltyLines} s where s.reverses_id = ${royaltyLines.id})`,
      ),
    )
    .orderBy(desc(royaltyLines.createdAt), desc(royaltyLines.id));
}

/** A creator's lines, newest first, with the status of the payout that holds them (if any). */
export async function linesOfCreator(
  executor: Executor,
  creatorId: string,
  page: { limit: number; offset: number },
) {
  return executor
    .select({ line: royaltyLines, payoutStatus: payouts.status })
    .from(royaltyLines)
    .leftJoin(payouts, eq(payouts.id, royaltyLines.payoutId))
    .where(eq(royaltyLines.creatorId, creatorId))
    .orderBy(desc(royaltyLines.createdAt), desc(royaltyLines.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countLinesOfCreator(executor: Executor, creatorId: string) {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(royaltyLines)
    .where(eq(royaltyLines.creatorId, creatorId));
  return row?.count ?? 0;
}

/** A creator's lines created in [from, until), oldest first: what one statement covers. */
export async function linesCreatedBetween(
  executor: Executor,
  creatorId: string,
  from: Date | null,
  until: Date,
) {
  return executor
    .select()
    .from(royaltyLines)
    .where(
      and(
        eq(royaltyLines.creatorId, creatorId),
        lt(royaltyLines.createdAt, until),
        from ? gte(royaltyLines.createdAt, from) : undefined,
      ),
    )
    .orderBy(asc(royaltyLines.createdAt), asc(royaltyLines.id));
}

/** When a creator's pending money becomes available: the next `limit` days, with the amount each day. */
export async function pendingReleases(executor: Executor, creatorId: string, now: Date, limit: number) {
  const day = sql<string>`to_char(${royaltyLines.availableAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return (
    executor
      .select({ day, amountCents: sql<number>`sum(${royaltyLines.amountCents})::int` })
      .from(royaltyLines)
      .where(
        and(
          eq(royaltyLines.creatorId, creatorId),
          isNull(royaltyLines.payoutId),
          gt(royaltyLines.availableAt, now),
        ),
      )
      .groupBy(day)
      // A refunded line and its reversal free up on the same day and cancel out: not worth a row.
      .having(sql`sum(${royaltyLines.amountCents}) <> 0`)
      .orderBy(day)
      .limit(limit)
  );
}
