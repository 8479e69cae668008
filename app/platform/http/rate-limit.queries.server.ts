import { sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { rateLimitRowWritesTotal } from "../metrics/business.server";

/** A block of a window's budget one process asks for: `amount` more hits under `key`. */
export interface BlockRequest {
  key: string;
  windowStart: number;
  amount: number;
}

/** What the totals of `reserveRateLimitBlocks` are keyed by: a key's window. */
export const blockId = (key: string, windowStart: number) => `${key}@${windowStart}`;

/**
 * Adds each block to its window's reserved total, all in one statement (one transaction), and
 * returns every window's total after it (by `blockId`). The total only grows within a window, so what a block was
 * granted is what of it fits under the limit: blocks never overlap, whichever process asked.
 * Rows are written in key order, so two processes reserving the same keys never deadlock.
 */
export async function reserveRateLimitBlocks(blocks: readonly BlockRequest[]): Promise<Map<string, number>> {
  const rows = JSON.stringify(
    [...blocks]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((block) => ({ key: block.key, window_start: block.windowStart, amount: block.amount })),
  );
  // As hitRateLimit: a reservation lost in a crash costs nothing, so its commit does not wait for the WAL.
  const result = await db().execute<{ key: string; window_start: string; count: number }>(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into rate_limits (key, window_start, count)
    select b.key, b.window_start, b.amount
      from relaxed, jsonb_to_recordset(${rows}::jsonb) as b(key text, window_start bigint, amount int)
     order by b.key
    on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
    returning key, window_start, count`);
  rateLimitRowWritesTotal.inc({ counted: "reserved" }, blocks.length);
  return new Map(result.rows.map((row) => [blockId(row.key, Number(row.window_start)), Number(row.count)]));
}
