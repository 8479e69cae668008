import { lt, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { contactMessages, session, verification } from "./schema.server";

/** Contact messages older than `years`, expired sessions and verification tokens: deleted, counted. */
export async function deleteExpiredAccountData(now: Date, contactYears: number) {
  const database = db();
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(years => ${contactYears})`;
  const contact = await database
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, cutoff))
    .returning({ id: contactMessages.id });
  const sessions = await database
    .delete(session)
    .where(lt(session.expiresAt, now))
    .returning({ id: session.id });
  const verifications = await database
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  return { contactMessages: contact.length, sessions: sessions.length, verifications: verifications.length };
}
