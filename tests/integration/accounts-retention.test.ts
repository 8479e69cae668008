import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteExpiredAccountDataNow } from "~/accounts/retention.server";
import { contactMessages, session, verification } from "~/accounts/schema.server";
import { CONTACT_MESSAGE_RETENTION_YEARS } from "~/constants";
import { createAccount } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const yearsAgo = (now: Date, years: number) =>
  new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));

describe("accounts' retention", () => {
  it("deletes contact messages past their years, expired sessions and verification tokens, and keeps the rest", async () => {
    const now = new Date();
    const person = await createAccount();
    const message = { userId: person.id, username: person.username, email: person.email, subject: "Hi" };
    await database.db.insert(contactMessages).values([
      { ...message, message: "old", createdAt: yearsAgo(now, CONTACT_MESSAGE_RETENTION_YEARS + 1) },
      { ...message, message: "recent", createdAt: yearsAgo(now, CONTACT_MESSAGE_RETENTION_YEARS - 1) },
    ]);
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const inAnHour = new Date(now.getTime() + 3_600_000);
    await database.db.insert(session).values([
      { id: "expired", token: "t-expired", userId: person.id, expiresAt: hourAgo },
      { id: "live", token: "t-live", userId: person.id, expiresAt: inAnHour },
    ]);
    await database.db.insert(verification).values([
      { id: "v-expired", identifier: "reset-password:a", value: person.id, expiresAt: hourAgo },
      { id: "v-live", identifier: "reset-password:b", value: person.id, expiresAt: inAnHour },
    ]);

    expect(await deleteExpiredAccountDataNow(now)).toEqual({
      contactMessages: 1,
      sessions: 1,
      verifications: 1,
    });

    const left = await database.db.execute<{ kind: string; id: string }>(sql`
      select 'message' as kind, message as id from contact_messages
      union all select 'session', id from session
      union all select 'verification', id from verification order by 1, 2`);
    expect(left.rows).toEqual([
      { kind: "message", id: "recent" },
      { kind: "session", id: "live" },
      { kind: "verification", id: "v-live" },
    ]);
  });
});
