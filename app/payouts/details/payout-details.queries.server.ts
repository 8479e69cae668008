import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { payoutAccounts, sellerDetails } from "../schema.server";

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

/** The creator's payout account, locked until the transaction ends (a save reads, then writes). */
export async function lockPayoutAccount(executor: Executor, creatorId: string) {
  const rows = await executor
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.creatorId, creatorId))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

/** The account a Connect account id belongs to, locked (an `account.updated` applies to it). */
export async function lockPayoutAccountByStripeId(executor: Executor, stripeAccountId: string) {
  const rows = await executor
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, stripeAccountId))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

/** Every creator with a Stripe Connect account (the daily status fetch walks them). */
export async function listStripeAccounts(executor: Executor = db()) {
  return executor
    .select({ creatorId: payoutAccounts.creatorId, stripeAccountId: payoutAccounts.stripeAccountId })
    .from(payoutAccounts)
    .where(isNotNull(payoutAccounts.stripeAccountId))
    .orderBy(payoutAccounts.creatorId);
}

/** Bank transfer becomes the creator's method, with these details (the IBAN already sealed). */
export async function saveBankAccount(
  executor: Executor,
  creatorId: string,
  bank: { holder: string; ibanSealed: string; ibanLast4: string; bic: string },
) {
  const values = {
    method: "bank" as const,
    bankHolder: bank.holder,
    bankIbanSealed: bank.ibanSealed,
    bankIbanLast4: bank.ibanLast4,
    bankBic: bank.bic,
    updatedAt: new Date(),
  };
  const [row] = await executor
    .insert(payoutAccounts)
    .values({ creatorId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.creatorId, set: values })
    .returning();
  return row!;
}

/**
 * Stripe becomes the creator's method, with its Connect account. A row that already names an
 * account keeps it (one account per creator, whatever is retried).
 */
export async function saveStripeAccount(executor: Executor, creatorId: string, stripeAccountId: string) {
  const [row] = await executor
    .insert(payoutAccounts)
    .values({ creatorId, method: "stripe", stripeAccountId, stripeStatus: "details_needed" })
    .onConflictDoUpdate({
      target: payoutAccounts.creatorId,
      set: {
        method: "stripe",
        stripeAccountId: sql`coalesce(${payoutAccounts.stripeAccountId}, excluded.stripe_account_id)`,
        stripeStatus: sql`coalesce(${payoutAccounts.stripeStatus}, excluded.stripe_status)`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function setStripeStatus(
  executor: Executor,
  creatorId: string,
  status: PayoutAccount["stripeStatus"],
  at: Date,
) {
  const [row] = await executor
    .update(payoutAccounts)
    .set({ stripeStatus: status, stripeStatusAt: at, updatedAt: new Date() })
    .where(eq(payoutAccounts.creatorId, creatorId))
    .returning();
  return row!;
}

export async function lockSellerDetails(executor: Executor, creatorId: string) {
  const rows = await executor
    .select()
    .from(sellerDetails)
    .where(eq(sellerDetails.creatorId, creatorId))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

export type SellerDetailsValues = Omit<SellerDetails, "creatorId" | "updatedAt">;

export async function saveSellerDetails(executor: Executor, creatorId: string, details: SellerDetailsValues) {
  const values = { ...details, updatedAt: new Date() };
  const [row] = await executor
    .insert(sellerDetails)
    .values({ creatorId, ...values })
    .onConflictDoUpdate({ target: sellerDetails.creatorId, set: values })
    .returning();
  return row!;
}
