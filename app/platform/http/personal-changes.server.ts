import { sql } from "drizzle-orm";
import { db, type Executor } from "../db/client.server";

/**
 * The channel on which every web process hears that a person's personal regions changed
 * (docs/decisions/0029). Payloads: `u:<user id>` (that person), `s:<hash of a session cookie>` (the
 * person of that session: a process knows which one from its own joined pages).
 */
export const PERSONAL_CHANNEL = "verdeo_personal";

/**
 * Tells every process that `userId`'s joined pages are out of date: for changes made to a person by
 * someone else (staff changing a role, suspending, ending sessions). A person's own writes are announced by the
 * server for every non-GET request they send (server/signed-in-pages.ts).
 */
export async function announcePersonalChange(userId: string, executor: Executor = db()) {
  // Inside a transaction PostgreSQL delivers it at commit, when the change is there to read.
  await executor.execute(sql`select pg_notify(${PERSONAL_CHANNEL}, ${`u:${userId}`})`);
}
