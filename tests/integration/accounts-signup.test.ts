import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp } from "~/accounts/auth/sign-up.server";
import { MESSAGES } from "~/accounts/messages";
import { action as signUpAction } from "~/accounts/routes/signup";
import { account, profiles, session, user } from "~/accounts/schema.server";
import type { FormReply } from "~/platform/http/form-reply";
import { hitRateLimit } from "~/platform/http/rate-limit.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const input = (n: number, username: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  username,
  email: `racer${n}-${username}@example.test`,
  password: "correct-horse",
  ip: `10.0.0.${n}`,
  headers: new Headers(),
  language: "en" as const,
});

describe("sign-up", () => {
  it("10 concurrent sign-ups for one username: exactly one account, the rest 'Username already taken'", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => signUp(input(n, "race_name"))));
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    for (const result of results.filter((r) => !r.ok)) {
      expect(result).toEqual({ ok: false, reason: "username_taken" });
    }
    // No half accounts: every user row has its profile and its password account.
    const users = await database.db.select().from(user);
    const profileRows = await database.db.select().from(profiles);
    const accounts = await database.db.select().from(account);
    expect(users).toHaveLength(1);
    expect(profileRows.map((p) => p.id)).toEqual(users.map((u) => u.id));
    expect(accounts.map((a) => a.userId)).toEqual(users.map((u) => u.id));
  });

  it("stores the password as an argon2id hash at OWASP's floor (19 MiB, t=2, p=1), never the password", async () => {
    const result = await signUp(input(20, "hash_check"));
    if (!result.ok) throw new Error(result.reason);
    const [row] = await database.db.select().from(account).where(eq(account.userId, result.value.userId));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(row?.password).not.toContain("correct-horse");
  });

  it("opens a database session right away (Set-Cookie with an HttpOnly, SameSite=Lax token)", async () => {
    const result = await signUp(input(21, "cookie_check"));
    if (!result.ok) throw new Error(result.reason);
    const cookie = result.value.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const sessions = await database.db.select().from(session).where(eq(session.userId, result.value.userId));
    expect(sessions).toHaveLength(1);
  });

  it("a registered email is refused without creating anything", async () => {
    const first = await signUp(input(22, "email_one"));
    expect(first.ok).toBe(true);
    const second = await signUp({ ...input(22, "email_two"), email: "racer22-email_one@example.test" });
    expect(second).toEqual({ ok: false, reason: "email_taken" });
    const profileRows = await database.db.select().from(profiles).where(eq(profiles.username, "email_two"));
    expect(profileRows).toHaveLength(0);
  });

  it("is rate-limited per IP (counted in PostgreSQL) and refuses before hashing", async () => {
    for (let n = 0; n < RATE_LIMIT_POLICIES.sign_up.perIp.limit; n++)
      await hitRateLimit(RATE_LIMIT_POLICIES.sign_up.perIp, "10.1.1.1");
    const { ip: _ip, headers: _headers, ...fields } = input(99, "limit_name");
    const request = new Request("http://localhost:3000/signup", {
      method: "POST",
      body: new URLSearchParams({ intent: "signup", ...fields }),
    });
    const result = await settle<FormReply>(() => signUpAction(routeArgs(request, "10.1.1.1")));
    expect(result).toMatchObject({ status: 429, data: { formError: MESSAGES.tooManyAttempts } });
    expect(await database.db.select().from(profiles).where(eq(profiles.username, "limit_name"))).toHaveLength(
      0,
    );
  });
});
