import { eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { payoutAccounts, sellerDetails } from "./schema.server";

export type PayoutAccount = typeof payoutAccounts.$inferSelect;
export type SellerDetails = typeof sellerDetails.$inferSelect;

export async function findPayoutAccount(creatorId: string, executor: Executor = db()) {
  const rows = await executor
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.creatorId, creatorId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findSellerDetails(creatorId: string, executor: Executor = db()) {
  const rows = await executor
    .select()
    .from(sellerDetails)
    .where(eq(sellerDetails.creatorId, creatorId))
    .limit(1);
  return rows[0] ?? null;
}

/** Payout accounts and seller details of many creators at once (a run's proposal). */
export async function findPayoutDetailsOf(creatorIds: string[], executor: Executor = db()) {
  if (creatorIds.length === 0) return { accounts: [], sellers: [] };
  const [accounts, sellers] = await Promise.all([
    executor.select().from(payoutAccounts).where(inArray(payoutAccounts.creatorId, creatorIds)),
    executor.select().from(sellerDetails).where(inArray(sellerDetails.creatorId, creatorIds)),
  ]);
  return { accounts, sellers };
}
