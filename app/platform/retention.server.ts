import { sql } from "drizzle-orm";
import { CONTACT_MESSAGE_RETENTION_YEARS, RATE_LIMIT_RETENTION_DAYS } from "~/constants";
import { db } from "./db/client.server";

/**
 * Deletes what the privacy policy says is kept no longer: old rate-limit windows, old contact
 * messages, expired sessions and verification tokens. Idempotent, so every process may run it.
 * Orders never paid are commerce's to delete (commerce/orders/order-retention.server.ts).
 */
export async function applyRetention(now = new Date()) {
  const database = db();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const deleted = {
    rateLimits: await database.execute(
      sql`delete from rate_limits where window_start < ${nowSeconds - RATE_LIMIT_RETENTION_DAYS * 86_400}`,
    ),
    contactMessages: await database.execute(
      sql`delete from contact_messages
          where created_at < ${now.toISOString()}::timestamptz - make_interval(years => ${CONTACT_MESSAGE_RETENTION_YEARS})`,
    ),
    sessions: await database.execute(
      sql`delete from session where expires_at < ${now.toISOString()}::timestamptz`,
    ),
    verifications: await database.execute(
      sql`delete from verification where expires_at < ${now.toISOString()}::timestamptz`,
    ),
  };
  return Object.fromEntries(Object.entries(deleted).map(([name, result]) => [name, result.rowCount ?? 0]));
}
