import { describe, expect, it } from "vitest";
import { checkInbox, confirmationSent, MESSAGES } from "~/accounts/messages";
import { action as signUpAction } from "~/accounts/routes/signup";
import { action as resendAction } from "~/accounts/routes/verification-mail";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { getToast } from "~/platform/http/toast.server";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

useTestDatabase();

const ORIGIN = "http://localhost:3000";

/** Signs up through the form's action; returns the session cookie and the redirect's toast. */
async function signUpByForm(email: string, username: string) {
  const body = new URLSearchParams({
    intent: "signup",
    firstName: "Ada",
    lastName: "Lovelace",
    username,
    email,
    password: "correct-horse",
  });
  const request = new Request(`${ORIGIN}/signup`, { method: "POST", body, headers: { Origin: ORIGIN } });
  const result = await settle(() => signUpAction(routeArgs(request, "198.51.100.7")));
  const cookies = (result.setCookie ?? "")
    .split(/,(?=\s*[\w.-]+=)/)
    .map((line) => line.split(";")[0]!.trim());
  return { result, cookie: cookies.join("; ") };
}

/** The toast a redirect carries, read the way the root loader reads it. */
async function toastOf(setCookie: string | null) {
  const toastCookie = (setCookie ?? "")
    .split(/,(?=\s*[\w.-]+=)/)
    .find((line) => line.trim().startsWith("verdeo_toast="));
  const request = new Request(ORIGIN, { headers: { Cookie: toastCookie?.split(";")[0] ?? "" } });
  return (await getToast(request)).toast;
}

async function resend(cookie: string, ip = "198.51.100.8", redirectTo = "/profile?tab=orders") {
  const body = new URLSearchParams({ redirectTo });
  const request = new Request(`${ORIGIN}/resources/verification-mail`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, Cookie: cookie },
  });
  return settle(() => resendAction(routeArgs(request, ip)));
}

describe("email confirmation", () => {
  it("sign-up mails the link through the job queue and says where it went", async () => {
    const email = "confirm-one@example.test";
    const { result } = await signUpByForm(email, "confirm_one");
    expect(result.status).toBe(302);
    expect((await toastOf(result.setCookie))?.message).toBe(checkInbox(email));
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/verify-email\?token=/);
    expect(mails[0]!.text).toContain("callbackURL=%2Femail-confirmed");
  });

  it("sending the link again mails another, back to the page it was asked from; past the per-address limit it says how long to wait and mails nothing", async () => {
    const email = "confirm-two@example.test";
    const { cookie } = await signUpByForm(email, "confirm_two");
    await outboxFor(email);
    const limit = RATE_LIMIT_POLICIES.verification_mail.perEmail.limit;
    for (let sent = 0; sent < limit; sent++) {
      const answer = await resend(cookie);
      expect(answer.location).toBe("/profile?tab=orders");
      expect((await toastOf(answer.setCookie))?.message).toBe(confirmationSent(email));
    }
    const refused = await resend(cookie);
    const toast = await toastOf(refused.setCookie);
    expect(toast?.type).toBe("error");
    expect(toast?.message).toMatch(/Please wait \d+ minutes? and try again/);
    expect(await outboxFor(email)).toHaveLength(1 + limit);
  });

  it("without a session, sending the link again asks to log in", async () => {
    const answer = await resend("");
    expect(answer.location).toBe("/login");
  });

  it("asked from a German page, the answer is German and goes back to that page; from a Japanese one, Japanese", async () => {
    const email = "confirm-three@example.test";
    const { cookie } = await signUpByForm(email, "confirm_three");
    const german = await resend(cookie, "198.51.100.9", "/de/profile?tab=orders");
    expect(german.location).toBe("/de/profile?tab=orders");
    expect((await toastOf(german.setCookie))?.message).toBe(
      `Wir haben dir einen neuen Bestätigungslink an ${email} geschickt.`,
    );
    const japanese = await resend(cookie, "198.51.100.9", "/ja/profile");
    expect((await toastOf(japanese.setCookie))?.message).toBe(`${email} に新しい確認リンクを送信しました。`);
  });

  it("the messages name the address", () => {
    expect(checkInbox("a@b.test")).toBe("Check your inbox to confirm a@b.test");
    expect(MESSAGES.emailConfirmed).toBe("Email confirmed");
  });
});
