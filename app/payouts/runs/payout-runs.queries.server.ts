import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { stateRows } from "~/platform/db/state-machine.server";
import { PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { payoutAccounts, payoutRunExclusions, payoutRuns, payouts, royaltyLines } from "../schema.server";
import { PAYOUT_TRANSITIONS } from "./payout-machine";
import type { PayoutMethod, PayoutRunStatus } from "./payouts";

export type PayoutRun = typeof payoutRuns.$inferSelect;
export type Payout = typeof payouts.$inferSelect;

// ---------------------------------------------------------------- proposing

/** The run of `period`, created now unless the month already has one (then null). */
export async function insertRunOnce(tx: Executor, run: { period: string; thresholdCents: number; at: Date }) {
  const rows = await tx
    .insert(payoutRuns)
    .values({ period: run.period, thresholdCents: run.thresholdCents, createdAt: run.at })
    .onConflictDoNothing({ target: payoutRuns.period })
    .returning();
  return rows[0] ?? null;
}

export async function findRunByPeriod(executor: Executor, period: string) {
  const rows = await executor.select().from(payoutRuns).where(eq(payoutRuns.period, period)).limit(1);
  return rows[0] ?? null;
}

/**
 * The lines available at `now` and in no payout yet, locked: a line written meanwhile (a refund's
 * reversal) is not in this set, so a payout's amount is exactly the sum of the lines it takes.
 */
export async function lockAvailableLines(tx: Executor, now: Date) {
  return tx
    .select({ id: royaltyLines.id, creatorId: royaltyLines.creatorId, amountCents: royaltyLines.amountCents })
    .from(royaltyLines)
    .where(and(isNull(royaltyLines.payoutId), lte(royaltyLines.availableAt, now)))
    .orderBy(asc(royaltyLines.id))
    .for("update");
}

export async function insertPayout(
  tx: Executor,
  payout: { runId: string; creatorId: string; method: PayoutMethod; amountCents: number; at: Date },
) {
  const [row] = await tx
    .insert(payouts)
    .values({
      runId: payout.runId,
      creatorId: payout.creatorId,
      method: payout.method,
      amountCents: payout.amountCents,
      createdAt: payout.at,
    })
    .returning();
  return row!;
}

/** Gives lines to a payout, once: a line that already has one keeps it. Returns the sum taken. */
export async function attachLines(tx: Executor, payoutId: string, lineIds: string[]) {
  const rows = await tx
    .update(royaltyLines)
    .set({ payoutId })
    .where(and(inArray(royaltyLines.id, lineIds), isNull(royaltyLines.payoutId)))
    .returning({ amountCents: royaltyLines.amountCents });
  return { lines: rows.length, amountCents: rows.reduce((sum, row) => sum + row.amountCents, 0) };
}

export async function insertExclusions(
  tx: Executor,
  rows: { runId: string; creatorId: string; availableCents: number; reason: string }[],
) {
  if (rows.length > 0) await tx.insert(payoutRunExclusions).values(rows);
}

// ---------------------------------------------------------------- moving a run and its payouts

export async function lockRun(tx: Executor, id: string) {
  const rows = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, id)).for("update");
  return rows[0] ?? null;
}

/** How `moveState` reaches runs and payouts: their status changes only through payout-machine.ts. */
export const payoutRunRows = stateRows(payoutRuns, "payout_run");
export const payoutRows = stateRows(payouts, "payout");

/** A run's payouts (of one method, if given), oldest first: each moves on its own, row locked. */
export async function listRunPayoutIds(tx: Executor, runId: string, method?: PayoutMethod) {
  const rows = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.runId, runId), method ? eq(payouts.method, method) : undefined))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
  return rows.map((row) => row.id);
}

/** How many of a run's payouts are not sent yet (the run completes at none). */
export async function countUnsentPayouts(tx: Executor, runId: string) {
  const [row] = await tx
    .select({ count: count() })
    .from(payouts)
    .where(and(eq(payouts.runId, runId), ne(payouts.status, "sent")));
  return row?.count ?? 0;
}

// ---------------------------------------------------------------- one Connect payout

/** A payout with its run's period and the creator's Connect account, as the transfer needs them. */
export async function findPayoutForTransfer(executor: Executor, id: string) {
  const rows = await executor
    .select({
      payout: payouts,
      period: payoutRuns.period,
      runStatus: payoutRuns.status,
      stripeAccountId: payoutAccounts.stripeAccountId,
    })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, payouts.creatorId))
    .where(eq(payouts.id, id))
    .limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- reading runs

export const PAYOUT_RUN_SORTS = ["newest", "oldest"] as const;
export type PayoutRunSort = (typeof PAYOUT_RUN_SORTS)[number];

export interface PayoutRunFilter {
  status?: PayoutRunStatus;
  sort: PayoutRunSort;
  page: number;
}

/** Runs with their totals: payouts, amount, amount sent, excluded creators. */
export async function listRuns(filter: PayoutRunFilter): Promise<Page<PayoutRunSummary>> {
  const where = filter.status ? eq(payoutRuns.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        ...runSummaryColumns,
      })
      .from(payoutRuns)
      .where(where)
      .orderBy(filter.sort === "oldest" ? asc(payoutRuns.period) : desc(payoutRuns.period))
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db().select({ total: count() }).from(payoutRuns).where(where),
  ]);
  return { rows, total: total?.total ?? 0, page: filter.page, pageSize: PAGE_SIZE };
}

// Correlated subqueries name the outer row in full: drizzle writes a lone `"id"` for a one-table select.
const runSummaryColumns = {
  id: payoutRuns.id,
  period: payoutRuns.period,
  status: payoutRuns.status,
  thresholdCents: payoutRuns.thresholdCents,
  createdAt: payoutRuns.createdAt,
  approvedAt: payoutRuns.approvedAt,
  approvedBy: payoutRuns.approvedBy,
  completedAt: payoutRuns.completedAt,
  payouts: sql<number>`(select count(*) from ${payouts} p where p.run_id = "payout_runs"."id")::int`,
  totalCents: sql<number>`(select coalesce(sum(p.amount_cents), 0) from ${payouts} p where p.run_id = "payout_runs"."id")::int`,
  sentCents: sql<number>`(select coalesce(sum(p.amount_cents), 0) from ${payouts} p where p.run_id = "payout_runs"."id" and p.status = 'sent')::int`,
  failed: sql<number>`(select count(*) from ${payouts} p where p.run_id = "payout_runs"."id" and p.status = 'failed')::int`,
  excluded: sql<number>`(select count(*) from ${payoutRunExclusions} e where e.run_id = "payout_runs"."id")::int`,
};
export type PayoutRunSummary = {
  id: string;
  period: string;
  status: PayoutRunStatus;
  thresholdCents: number;
  createdAt: Date;
  approvedAt: Date | null;
  approvedBy: string | null;
  completedAt: Date | null;
  payouts: number;
  totalCents: number;
  sentCents: number;
  failed: number;
  excluded: number;
};

export async function findRunSummary(id: string): Promise<PayoutRunSummary | null> {
  const rows = await db().select(runSummaryColumns).from(payoutRuns).where(eq(payoutRuns.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A run's payouts with the number of lines each holds, largest first. */
export async function listRunPayouts(runId: string) {
  return db()
    .select({
      id: payouts.id,
      creatorId: payouts.creatorId,
      method: payouts.method,
      amountCents: payouts.amountCents,
      status: payouts.status,
      attempts: payouts.attempts,
      lastError: payouts.lastError,
      stripeTransferId: payouts.stripeTransferId,
      sentAt: payouts.sentAt,
      lines: sql<number>`(select count(*) from ${royaltyLines} l where l.payout_id = "payouts"."id")::int`,
    })
    .from(payouts)
    .where(eq(payouts.runId, runId))
    .orderBy(desc(payouts.amountCents), asc(payouts.id));
}

export async function listRunExclusions(runId: string) {
  return db()
    .select()
    .from(payoutRunExclusions)
    .where(eq(payoutRunExclusions.runId, runId))
    .orderBy(desc(payoutRunExclusions.availableCents), asc(payoutRunExclusions.creatorId));
}

/** A run's bank payouts still to be sent, with the creditor's account as stored (IBAN sealed). */
export async function listBankPayoutsToSend(runId: string) {
  return db()
    .select({
      id: payouts.id,
      creatorId: payouts.creatorId,
      amountCents: payouts.amountCents,
      bankHolder: payoutAccounts.bankHolder,
      bankIbanSealed: payoutAccounts.bankIbanSealed,
      bankBic: payoutAccounts.bankBic,
    })
    .from(payouts)
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, payouts.creatorId))
    .where(and(eq(payouts.runId, runId), eq(payouts.method, "bank"), eq(payouts.status, "approved")))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
}

/** The Connect payouts of a run that a transfer job should pay (those the `send` move starts from). */
export async function listStripePayoutIds(tx: Executor, runId: string) {
  const rows = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.runId, runId),
        eq(payouts.method, "stripe"),
        inArray(payouts.status, [...PAYOUT_TRANSITIONS.send.from]),
      ),
    );
  return rows.map((row) => row.id);
}
