import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { MESSAGES } from "~/accounts/messages";
import { action as contactAction } from "~/accounts/routes/contact";
import { contactMessages } from "~/accounts/schema.server";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "~/constants";
import type { FormReply } from "~/platform/http/form-reply";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { createAccount, sessionCookie } from "../factories/accounts";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

async function signedIn() {
  const account = await createAccount();
  const cookie = await sessionCookie(account.email);
  const user = (await getOptionalUser(
    new Request("http://localhost:3000/", { headers: { Cookie: cookie } }),
  ))!;
  return { user, cookie };
}

/** Posts the contact form the way the page does, as the holder of `cookie` (or a visitor). */
function postContact(fields: { subject: string; message: string }, ip: string, cookie?: string) {
  const request = new Request("http://localhost:3000/contact", {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams(fields),
  });
  return settle<FormReply | { ok: true; message: string }>(() => contactAction(routeArgs(request, ip)));
}

describe("contact messages", () => {
  it("refuses a visitor without a session", async () => {
    expect(await postContact({ subject: "Hi", message: "Hello" }, "10.7.0.1")).toMatchObject({
      status: 401,
      data: { ok: false, formError: MESSAGES.contactNotLoggedIn },
    });
  });

  it("trims, refuses blank fields and the lengths past 200 / 5,000 characters", async () => {
    const { user, cookie } = await signedIn();
    const send = (subject: string, message: string) => postContact({ subject, message }, "10.7.0.2", cookie);
    expect(await send("   ", "text")).toMatchObject({
      status: 400,
      data: { fieldErrors: { subject: MESSAGES.contactEmpty } },
    });
    expect(await send("x".repeat(CONTACT_SUBJECT_MAX + 1), "text")).toMatchObject({
      status: 400,
      data: { fieldErrors: { subject: MESSAGES.contactSubjectTooLong } },
    });
    expect(await send("Hi", "x".repeat(CONTACT_MESSAGE_MAX + 1))).toMatchObject({
      status: 400,
      data: { fieldErrors: { message: MESSAGES.contactMessageTooLong } },
    });
    expect(await send("  Licensing  ", "  A question  ")).toMatchObject({
      status: 200,
      data: { ok: true, message: MESSAGES.contactSent },
    });
    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id));
    expect(rows.map((row) => [row.subject, row.message, row.username, row.email])).toEqual([
      ["Licensing", "A question", user.username, user.email],
    ]);
  });

  it("is rate-limited per user", async () => {
    const { user, cookie } = await signedIn();
    const results = [];
    for (let n = 0; n <= RATE_LIMIT_POLICIES.contact.perUser.limit; n++) {
      results.push(await postContact({ subject: `S${n}`, message: "M" }, `10.7.1.${n}`, cookie));
    }
    expect(results.at(-2)).toMatchObject({ status: 200 });
    expect(results.at(-1)).toMatchObject({ status: 429, data: { formError: MESSAGES.tooManyAttempts } });
    const stored = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id));
    expect(stored).toHaveLength(RATE_LIMIT_POLICIES.contact.perUser.limit);
  });
});
