import { and, desc, eq, lt } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import type { Payout } from "../runs/payout-runs.queries.server";
import { payoutStatements, payouts } from "../schema.server";

export type PayoutStatement = typeof payoutStatements.$inferSelect;

export async function findPayout(executor: Executor, payoutId: string): Promise<Payout | null> {
  const [row] = await executor.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1);
  return row ?? null;
}

export async function findStatement(
  executor: Executor,
  creatorId: string,
  period: string,
): Promise<PayoutStatement | null> {
  const [row] = await executor
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.creatorId, creatorId), eq(payoutStatements.period, period)))
    .limit(1);
  return row ?? null;
}

/** The creator's statement of the latest month before `period`: its closing balance opens the next one. */
export async function findPreviousStatement(
  executor: Executor,
  creatorId: string,
  period: string,
): Promise<PayoutStatement | null> {
  const [row] = await executor
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.creatorId, creatorId), lt(payoutStatements.period, period)))
    .orderBy(desc(payoutStatements.period))
    .limit(1);
  return row ?? null;
}

/** Inserts the statement unless the creator already has one for the period (then null). */
export async function insertStatementOnce(
  executor: Executor,
  statement: typeof payoutStatements.$inferInsert,
) {
  const [row] = await executor.insert(payoutStatements).values(statement).onConflictDoNothing().returning();
  return row ?? null;
}

export async function listStatementsOf(creatorId: string, executor: Executor = db()) {
  return executor
    .select()
    .from(payoutStatements)
    .where(eq(payoutStatements.creatorId, creatorId))
    .orderBy(desc(payoutStatements.period));
}
