import { sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { rateLimitRowWritesTotal } from "../metrics/business.server";

export interface RateLimitRule {
  /** What is limited, e.g. "sign-in:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `subject` under `rule` and says whether it is within the limit.
 * Fixed windows in PostgreSQL: every process shares the same counts.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  return (await hitRateLimits([{ rule, subject }]))[0]!;
}

/**
 * Counts one hit under each rule (a policy's rules for one request) in a single statement: one
 * round trip and one commit per request, however many rules it has. Rows are taken in key order,
 * so two requests sharing keys never wait on each other in a cycle.
 */
export async function hitRateLimits(
  hits: { rule: RateLimitRule; subject: string }[],
): Promise<RateLimitResult[]> {
  if (hits.length === 0) return [];
  const nowSeconds = Math.floor(Date.now() / 1000);
  const counted = hits.map(({ rule, subject }) => ({
    rule,
    key: `${rule.name}:${subject}`,
    windowStart: nowSeconds - (nowSeconds % rule.windowSeconds),
  }));
  const ordered = [...counted].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // A count need not survive a crash, so its commit does not wait for the WAL to reach the disk
  // (set for this statement's own transaction): the wait was most of a hit's cost.
  const result = await db().execute<{ key: string; count: number }>(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into rate_limits (key, window_start, count)
    select h.key, h.window_start, 1
      from relaxed, unnest(${sql.param(ordered.map((hit) => hit.key))}::text[],
        ${sql.param(ordered.map((hit) => hit.windowStart))}::bigint[]) with ordinality as h(key, window_start, n)
      order by h.n
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning key, count`);
  rateLimitRowWritesTotal.inc({ counted: "hit" }, hits.length);
  const counts = new Map(result.rows.map((row) => [row.key, Number(row.count)]));
  return counted.map(({ rule, key, windowStart }) => {
    const count = counts.get(key) ?? 1;
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds,
    };
  });
}

/** Reads the count without adding a hit (e.g. to refuse before checking a password). */
export async function peekRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const result = await db().execute<{ count: number }>(
    sql`select count from rate_limits where key = ${`${rule.name}:${subject}`} and window_start = ${windowStart}`,
  );
  const count = Number(result.rows[0]?.count ?? 0);
  return {
    allowed: count < rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds,
  };
}

/**
 * Deletes the counts whose window has ended: a count is only needed inside its window, and a row
 * keyed by an address is personal data. `windows` names each rule's key prefix and window length;
 * rows of rules no longer listed wait for the retention job's catch-all.
 */
export async function sweepEndedRateLimitWindows(
  windows: readonly RateLimitRule[],
  now = new Date(),
): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const rules = JSON.stringify(
    windows.map((rule) => ({ prefix: `${rule.name}:`, seconds: rule.windowSeconds })),
  );
  const result = await db().execute(sql`
    delete from rate_limits r
     using jsonb_to_recordset(${rules}::jsonb) as w(prefix text, seconds int)
     where starts_with(r.key, w.prefix) and r.window_start + w.seconds <= ${nowSeconds}`);
  return result.rowCount ?? 0;
}
