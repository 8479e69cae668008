import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sendContactMessage } from "~/accounts/contact.server";
import { MESSAGES } from "~/accounts/messages";
import { contactMessages } from "~/accounts/schema.server";
import { getOptionalUser } from "~/accounts/session.server";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "~/constants";
import { RATE_LIMIT_POLICIES } from "~/platform/rate-limit-policies";
import { createAccount, sessionCookie } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

async function signedInUser() {
  const account = await createAccount();
  const cookie = await sessionCookie(account.email);
  return (await getOptionalUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } })))!;
}

describe("contact messages", () => {
  it("refuses a visitor without a session", async () => {
    expect(await sendContactMessage(null, { subject: "Hi", message: "Hello" }, "10.7.0.1")).toMatchObject({
      ok: false,
      message: MESSAGES.contactNotLoggedIn,
    });
  });

  it("trims, refuses blank fields and the lengths past 200 / 5,000 characters", async () => {
    const user = await signedInUser();
    const send = (subject: string, message: string) =>
      sendContactMessage(user, { subject, message }, "10.7.0.2");
    expect(await send("   ", "text")).toMatchObject({ ok: false, message: MESSAGES.contactEmpty });
    expect(await send("x".repeat(CONTACT_SUBJECT_MAX + 1), "text")).toMatchObject({
      ok: false,
      message: MESSAGES.contactSubjectTooLong,
    });
    expect(await send("Hi", "x".repeat(CONTACT_MESSAGE_MAX + 1))).toMatchObject({
      ok: false,
      message: MESSAGES.contactMessageTooLong,
    });
    expect(await send("  Licensing  ", "  A question  ")).toMatchObject({
      ok: true,
      message: MESSAGES.contactSent,
    });
    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id));
    expect(rows.map((row) => [row.subject, row.message, row.username, row.email])).toEqual([
      ["Licensing", "A question", user.username, user.email],
    ]);
  });

  it("is rate-limited per user", async () => {
    const user = await signedInUser();
    const results = [];
    for (let n = 0; n <= RATE_LIMIT_POLICIES.contact.perUser.limit; n++) {
      results.push(await sendContactMessage(user, { subject: `S${n}`, message: "M" }, `10.7.1.${n}`));
    }
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429 });
  });
});
