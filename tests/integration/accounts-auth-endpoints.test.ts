import { like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/accounts/messages";
import { action, loader } from "~/accounts/routes/api-auth";
import { action as logInAction } from "~/accounts/routes/login";
import { verification } from "~/accounts/schema.server";
import type { FormReply } from "~/platform/http/form-reply";
import { INPUT_MESSAGES } from "~/platform/http/input-guard";
import { hitRateLimit } from "~/platform/http/rate-limit.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { createAccount } from "../factories/accounts";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";

function post(path: string, body: unknown, ip: string) {
  const request = new Request(`${ORIGIN}/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return action({ ...routeArgs(request, ip), params: { "*": path.slice(1) } }) as Promise<Response>;
}

/** The log-in page's form, posted as the browser does. */
function logInForm(email: string, password: string, ip: string) {
  const request = new Request(`${ORIGIN}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "password", email, password }),
  });
  return settle<FormReply>(() => logInAction(routeArgs(request, ip)));
}

function get(path: string, ip = "10.60.0.1") {
  const request = new Request(`${ORIGIN}/api/auth${path}`);
  return loader({ ...routeArgs(request, ip), params: { "*": path.slice(1) } }) as Promise<Response>;
}

const resetMails = async () =>
  (
    await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(verification)
      .where(like(verification.identifier, "reset-password:%"))
  )[0]!.count;

describe("the auth library's endpoints", () => {
  it("thirty wrong passwords to /api/auth/sign-in/email lock the account: 429, and the right password too", async () => {
    const person = await createAccount();
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) {
      // A new address each time: the account's own lock must hold, not only the IP's.
      const response = await post(
        "/sign-in/email",
        { email: person.email, password: `wrong ${n}` },
        `10.61.0.${n}`,
      );
      statuses.push(response.status);
    }
    const burst = RATE_LIMIT_POLICIES.sign_in_failure.perAccountBurst.limit;
    expect(statuses.slice(0, burst).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(burst).every((status) => status === 429)).toBe(true);
    const right = await post(
      "/sign-in/email",
      { email: person.email, password: person.password },
      "10.61.1.1",
    );
    expect(right.status).toBe(429);
    expect(right.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("failures through the API and through the log-in form count toward the same lock", async () => {
    const person = await createAccount();
    const half = RATE_LIMIT_POLICIES.sign_in_failure.perAccountBurst.limit / 2;
    for (let n = 0; n < half; n++) {
      expect(
        (await post("/sign-in/email", { email: person.email, password: "nope" }, `10.62.0.${n}`)).status,
      ).toBe(401);
      const form = await logInForm(person.email.toUpperCase(), "nope", `10.62.1.${n}`);
      expect(form).toMatchObject({ status: 401, data: { formError: MESSAGES.loginFailed } });
    }
    const viaForm = await logInForm(person.email, person.password, "10.62.2.1");
    expect(viaForm).toMatchObject({ status: 429, data: { formError: MESSAGES.tooManyAttempts } });
    expect(
      (await post("/sign-in/email", { email: person.email, password: person.password }, "10.62.2.2")).status,
    ).toBe(429);
  });

  it("the right password through the API signs in while the account is not locked", async () => {
    const person = await createAccount();
    const response = await post(
      "/sign-in/email",
      { email: person.email, password: person.password },
      "10.63.0.1",
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(true);
  });

  it("thirteen reset requests for one address in a minute create three reset links, as the form does", async () => {
    const person = await createAccount();
    const before = await resetMails();
    const statuses: number[] = [];
    for (let n = 0; n < 13; n++) {
      statuses.push((await post("/request-password-reset", { email: person.email }, `10.64.0.${n}`)).status);
    }
    // The answer never changes (it would tell which addresses have accounts); the mails stop.
    expect(new Set(statuses)).toEqual(new Set([200]));
    await expect.poll(resetMails).toBe(before + RATE_LIMIT_POLICIES.password_reset.perEmail.limit);
  });

  // The counts are filled directly up to the limit (as the form tests do), so a fixed window
  // ending mid-test cannot reset them; then one request through the endpoint goes over.
  it("one client asking for many reset mails is refused with 429", async () => {
    const rule = RATE_LIMIT_POLICIES.password_reset.perIp;
    for (let n = 0; n < rule.limit; n++) await hitRateLimit(rule, "10.65.0.1");
    const response = await post("/request-password-reset", { email: "nobody@example.test" }, "10.65.0.1");
    expect(response.status).toBe(429);
  });

  it("verification mails are limited per client, and past an address's limit nothing more is sent", async () => {
    const byIp = RATE_LIMIT_POLICIES.verification_mail.perIp;
    for (let n = 0; n < byIp.limit; n++) await hitRateLimit(byIp, "10.66.0.1");
    expect((await post("/send-verification-email", { email: "v@example.test" }, "10.66.0.1")).status).toBe(
      429,
    );

    const byEmail = RATE_LIMIT_POLICIES.verification_mail.perEmail;
    for (let n = 0; n < byEmail.limit; n++) await hitRateLimit(byEmail, "w@example.test");
    const quiet = await post("/send-verification-email", { email: "W@example.test" }, "10.66.0.2");
    expect(quiet.status).toBe(200);
    expect(await quiet.json()).toEqual({ status: true });
  });

  it("endpoints the app does not use answer 404", async () => {
    const person = await createAccount();
    const body = { email: person.email, password: "another-password", name: "X" };
    for (const path of [
      "/sign-up/email",
      "/update-user",
      "/change-password",
      "/delete-user",
      "/sign-in/email/",
    ]) {
      expect((await post(path, body, "10.67.0.1")).status, path).toBe(404);
    }
    for (const path of ["/list-sessions", "/list-accounts", "/get-access-token"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("a body with a NUL, or one that is not JSON, is a 400 that names the problem", async () => {
    const nul = await post("/sign-in/email", { email: "a\u0000@example.test", password: "x" }, "10.68.0.1");
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ message: INPUT_MESSAGES.badJson });
    const broken = await post("/sign-in/email", "{not json", "10.68.0.1");
    expect(broken.status).toBe(400);
    expect((await post("/request-password-reset", { email: ["a@b.co"] }, "10.68.0.1")).status).toBe(400);
  });
});
