import { inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { payouts, royaltyLines, sellerDetails } from "../schema.server";

export interface PaidCreatorRow {
  creatorId: string;
  methods: string;
  q1Cents: number;
  q2Cents: number;
  q3Cents: number;
  q4Cents: number;
  licenses: number;
  seller: typeof sellerDetails.$inferSelect | null;
}

/**
 * Every creator paid in `year` (payouts sent then, by UTC date), with the amount sent in each
 * quarter, the licenses those payouts paid (royalty lines) and their seller details if on file.
 */
export async function listCreatorsPaidIn(year: number): Promise<PaidCreatorRow[]> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const quarter = sql`extract(quarter from ${payouts.sentAt} at time zone 'UTC')`;
  const rows = await db().execute<{
    creator_id: string;
    methods: string;
    q1: number;
    q2: number;
    q3: number;
    q4: number;
    licenses: number;
  }>(sql`
    with paid as (
      select ${payouts.id} as id, ${payouts.creatorId} as creator_id, ${payouts.method} as method,
             ${payouts.amountCents} as amount_cents, ${quarter} as quarter
      from ${payouts}
      where ${payouts.status} = 'sent' and ${payouts.sentAt} >= ${from} and ${payouts.sentAt} < ${to}
    )
    select paid.creator_id,
           string_agg(distinct paid.method::text, '/' order by paid.method::text) as methods,
           coalesce(sum(paid.amount_cents) filter (where paid.quarter = 1), 0)::int as q1,
           coalesce(sum(paid.amount_cents) filter (where paid.quarter = 2), 0)::int as q2,
           coalesce(sum(paid.amount_cents) filter (where paid.quarter = 3), 0)::int as q3,
           coalesce(sum(paid.amount_cents) filter (where paid.quarter = 4), 0)::int as q4,
           (select count(*) from ${royaltyLines} l
             where l.payout_id in (select p2.id from paid p2 where p2.creator_id = paid.creator_id)
               and l.kind = 'royalty')::int as licenses
    from paid
    group by paid.creator_id
    order by paid.creator_id`);
  const ids = rows.rows.map((row) => row.creator_id);
  const sellers =
    ids.length === 0
      ? []
      : await db().select().from(sellerDetails).where(inArray(sellerDetails.creatorId, ids));
  const sellerOf = new Map(sellers.map((seller) => [seller.creatorId, seller]));
  return rows.rows.map((row) => ({
    creatorId: row.creator_id,
    methods: row.methods,
    q1Cents: row.q1,
    q2Cents: row.q2,
    q3Cents: row.q3,
    q4Cents: row.q4,
    licenses: row.licenses,
    seller: sellerOf.get(row.creator_id) ?? null,
  }));
}
