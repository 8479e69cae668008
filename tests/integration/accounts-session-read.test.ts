import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_LIFETIMES } from "~/accounts/auth/auth.server";
import { getOptionalUser, getSessionUserId } from "~/accounts/auth/session.server";
import { profiles, session } from "~/accounts/schema.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;

const pageRequest = (cookie: string) =>
  new Request("http://localhost/pricing", { headers: { Cookie: cookie } });

async function sessionOf(userId: string) {
  const [row] = await database.db.select().from(session).where(eq(session.userId, userId));
  return row!;
}

describe("reading the session of a page request", () => {
  it("reads the user and profile of a valid session cookie", async () => {
    const account = await createAccount({ role: "creator" });
    const user = await getOptionalUser(pageRequest(await sessionCookie(account.email)));
    expect(user).toMatchObject({ id: account.id, email: account.email, role: "creator", hasProfile: true });
    expect(await getSessionUserId(pageRequest(await sessionCookie(account.email)))).toBe(account.id);
  });

  it("refuses a cookie whose token was altered, and a signed-out session", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    const [name, value] = cookie.split("=") as [string, string];
    const altered = `${name}=${value.replace(/^./, (c) => (c === "a" ? "b" : "a"))}`;
    expect(await getOptionalUser(pageRequest(altered))).toBeNull();
    await database.db.delete(session).where(eq(session.userId, account.id));
    expect(await getOptionalUser(pageRequest(cookie))).toBeNull();
  });

  it("a suspended member is signed out at once, even with a live session", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    await database.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.id, account.id));
    expect(await getOptionalUser(pageRequest(cookie))).toBeNull();
  });

  it("a session due for renewal is still renewed (by better-auth), and an expired one is refused", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    // A day short of its renewal age: better-auth moves its end a full lifetime ahead.
    const due = new Date(
      Date.now() +
        AUTH_LIFETIMES.sessionSeconds * 1000 -
        AUTH_LIFETIMES.sessionRenewalSeconds * 1000 -
        DAY_MS,
    );
    await database.db.update(session).set({ expiresAt: due }).where(eq(session.userId, account.id));
    expect(await getOptionalUser(pageRequest(cookie))).toMatchObject({ id: account.id });
    expect((await sessionOf(account.id)).expiresAt.getTime()).toBeGreaterThan(
      Date.now() + AUTH_LIFETIMES.sessionSeconds * 1000 - DAY_MS,
    );

    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, account.id));
    expect(await getOptionalUser(pageRequest(cookie))).toBeNull();
  });
});
