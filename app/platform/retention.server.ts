import { sql } from "drizzle-orm";
import { RATE_LIMIT_RETENTION_DAYS } from "~/constants";
import { db } from "./db/client.server";

/**
 * Deletes platform's own data the privacy policy says is kept no longer: old rate-limit windows.
 * Idempotent. Each domain deletes its own: accounts its contact messages, sessions and
 * verification tokens (accounts/retention.server.ts), commerce its never-paid orders
 * (commerce/orders/order-retention.server.ts).
 */
export async function applyRetention(now = new Date()) {
  const database = db();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const deleted = {
    rateLimits: await database.execute(
      sql`delete from rate_limits where window_start < ${nowSeconds - RATE_LIMIT_RETENTION_DAYS * 86_400}`,
    ),
  };
  return Object.fromEntries(Object.entries(deleted).map(([name, result]) => [name, result.rowCount ?? 0]));
}
