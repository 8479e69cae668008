import { inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import type { RoyaltyLineKind } from "../runs/payouts";
import { payoutAccounts, royaltyLines, sellerDetails } from "../schema.server";
import type { LedgerLineForReport } from "./seller-quarters";

/**
 * Every ledger line credited in `year` (UTC), by creator, each with the sale it belongs to: its own
 * base and amount for a royalty, the royalty's for a reversal, and for a restoration the royalty
 * its reversal answered. The quarter split and the fees are computed from these in
 * seller-quarters.ts, so the arithmetic is tested without a database.
 */
export async function listLedgerLinesIn(year: number): Promise<Map<string, LedgerLineForReport[]>> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const rows = await db().execute<{
    creator_id: string;
    kind: RoyaltyLineKind;
    created_at: string | Date;
    amount_cents: number;
    sale_base_cents: number;
    sale_amount_cents: number;
  }>(sql`
    select l.creator_id, l.kind, l.created_at, l.amount_cents,
           coalesce(sale2.base_cents, sale1.base_cents, l.base_cents) as sale_base_cents,
           coalesce(sale2.amount_cents, sale1.amount_cents, l.amount_cents) as sale_amount_cents
    from ${royaltyLines} l
    left join ${royaltyLines} sale1 on sale1.id = l.reverses_id
    left join ${royaltyLines} sale2 on sale2.id = sale1.reverses_id
    where l.created_at >= ${from} and l.created_at < ${to}
    order by l.creator_id, l.created_at, l.id`);
  const byCreator = new Map<string, LedgerLineForReport[]>();
  for (const row of rows.rows) {
    const lines = byCreator.get(row.creator_id) ?? [];
    lines.push({
      kind: row.kind,
      creditedAt: new Date(row.created_at),
      amountCents: Number(row.amount_cents),
      saleBaseCents: Number(row.sale_base_cents),
      saleAmountCents: Number(row.sale_amount_cents),
    });
    byCreator.set(row.creator_id, lines);
  }
  return byCreator;
}

type Seller = typeof sellerDetails.$inferSelect;
type Account = typeof payoutAccounts.$inferSelect;

/** The seller details and payout accounts of these creators. */
export async function findSellersOf(
  creatorIds: string[],
): Promise<{ sellers: Map<string, Seller>; accounts: Map<string, Account> }> {
  if (creatorIds.length === 0) return { sellers: new Map(), accounts: new Map() };
  const [sellers, accounts] = await Promise.all([
    db().select().from(sellerDetails).where(inArray(sellerDetails.creatorId, creatorIds)),
    db().select().from(payoutAccounts).where(inArray(payoutAccounts.creatorId, creatorIds)),
  ]);
  return {
    sellers: new Map(sellers.map((row) => [row.creatorId, row])),
    accounts: new Map(accounts.map((row) => [row.creatorId, row])),
  };
}
