import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decideCreatorApplication } from "~/accounts/applications/creator-applications.server";
import { RESET_LINK_TTL_MINUTES } from "~/accounts/auth/password-reset-mail.server";
import { replyToContactMessage } from "~/accounts/contact/contact-inbox.server";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { action as forgotPasswordAction } from "~/accounts/routes/forgot-password";
import { action as signUpAction } from "~/accounts/routes/signup";
import { action as resendAction } from "~/accounts/routes/verification-mail";
import { contactMessages, creatorApplications } from "~/accounts/schema.server";
import { action as hubAction } from "~/content/routes/creators-hub";
import { db } from "~/platform/db/client.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { routeArgs, settle } from "../factories/commerce";
import { post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

useTestDatabase();

const ORIGIN = "http://localhost:3000";

/** Signs up through the form of the page in `lang` (`/de/signup`). */
async function signUpOn(lang: string, email: string, username: string) {
  const body = new URLSearchParams({
    intent: "signup",
    firstName: "Ada",
    lastName: "Lovelace",
    username,
    email,
    password: "correct-horse",
  });
  const request = new Request(`${ORIGIN}/${lang}/signup`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN },
  });
  return settle(() => signUpAction({ ...routeArgs(request, "198.51.100.40"), params: { lang } }));
}

/** Asks for a reset link on the forgot-password page in `lang` (undefined: the English page). */
async function askForReset(email: string, lang?: string) {
  const request = new Request(`${ORIGIN}${lang ? `/${lang}` : ""}/forgot-password`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const answer = await settle(() =>
    forgotPasswordAction({ ...routeArgs(request, "198.51.100.41"), params: lang ? { lang } : {} }),
  );
  expect(answer.status).toBe(200);
  // The reset mail is queued without being awaited (a known and an unknown address answer alike).
  await expect.poll(async () => (await outboxFor(email)).length).toBe(1);
  return (await outboxFor(email))[0]!;
}

describe("account mails in the recipient's language", () => {
  it("a sign-up on the German page is confirmed by a German mail: subject and body", async () => {
    const email = "sign-up-de@example.test";
    expect((await signUpOn("de", email, "signup_de")).status).toBe(302);
    const [mail] = await outboxFor(email);
    expect(mail?.subject).toBe("Bestätige deine E-Mail-Adresse bei Verdeo");
    expect(mail?.text).toContain(`Bitte bestätige, dass ${email} deine E-Mail-Adresse ist.`);
    expect(mail?.text).toContain("(er ist 24 Stunden lang gültig)");
    expect(mail?.text).toMatch(/verify-email\?token=/);
  });

  it("the link sent again from the French profile page, for a profile without a stored language, is French", async () => {
    const person = await createAccount();
    const request = new Request(`${ORIGIN}/resources/verification-mail`, {
      method: "POST",
      body: new URLSearchParams({ redirectTo: "/fr/profile?tab=orders" }),
      headers: { Origin: ORIGIN, Cookie: await sessionCookie(person.email) },
    });
    const answer = await settle(() => resendAction(routeArgs(request, "198.51.100.42")));
    expect(answer.location).toBe("/fr/profile?tab=orders");
    const [mail] = await outboxFor(person.email);
    expect(mail?.subject).toBe("Confirmez votre adresse e-mail Verdeo");
    expect(mail?.text).toContain("Ouvrez ce lien pour la confirmer (il reste valable 24 heures) :");
  });

  it("a reset asked on the Japanese page, for a profile without a stored language, is Japanese and links the Japanese page", async () => {
    const person = await createAccount();
    const mail = await askForReset(person.email, "ja");
    expect(mail.subject).toBe("Verdeo のパスワードを再設定してください");
    expect(mail.text).toContain("Verdeo アカウントのパスワード再設定のリクエストがありました。");
    expect(mail.text).toContain(`${RESET_LINK_TTL_MINUTES} 分間有効です`);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/ja\/reset-password\?token=\S+/);
  });

  it("the language stored on the profile wins over the page's: a German profile asking on the English page reads German", async () => {
    const person = await createAccount();
    await saveLanguage(person.id, "de");
    const mail = await askForReset(person.email);
    expect(mail.subject).toBe("Setze dein Verdeo-Passwort zurück");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/de\/reset-password\?token=\S+/);
  });

  it("an English reset mail reads as it always has", async () => {
    const person = await createAccount();
    const mail = await askForReset(person.email);
    expect(mail.subject).toBe("Reset your Verdeo password");
    const token = /reset-password\?token=(\S+)/.exec(mail.text)?.[1];
    expect(mail.text).toBe(
      [
        "Someone asked to reset the password of your Verdeo account.",
        "Open this link to choose a new password (it works once, for 60 minutes):",
        "",
        `http://localhost:3000/reset-password?token=${token}`,
        "",
        "If it wasn't you, ignore this mail: your password stays as it is.",
      ].join("\n"),
    );
  });

  it("a creator application from a German profile is acknowledged and decided in German", async () => {
    const applicant = await signedIn("user");
    await saveLanguage(applicant.id, "de");
    const staff = await signedIn("developer");
    const sent = await post(
      hubAction,
      "/creators-hub",
      { portfolioUrl: "https://vimeo.com/someone", message: "Küstenzeitraffer", terms: "on" },
      applicant.cookie,
    );
    expect(sent.status).toBe(302);
    const [application] = await db()
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.userId, applicant.id));
    await decideCreatorApplication({
      applicationId: application!.id,
      decision: { decision: "approve", message: "" },
      actor: staff.user,
    });
    const [received, approved] = await outboxFor(applicant.email);
    expect(received?.subject).toBe("Wir haben deine Bewerbung als Creator bei Verdeo erhalten");
    expect(received?.text).toMatch(/^Hallo Test Person,\n\nDanke, dass du dich bei uns bewirbst/);
    expect(received?.text.endsWith("\n\nDein Verdeo-Team")).toBe(true);
    expect(approved?.subject).toBe("Willkommen als Creator bei Verdeo");
    expect(approved?.text).toContain(
      "im Verdeo-Studio unter http://localhost:3000/de/studio Clips hochladen.",
    );
  });

  it("an application from the Spanish page, by a profile without a stored language, is acknowledged in Spanish", async () => {
    const applicant = await signedIn("user");
    const sent = await post(
      hubAction,
      "/es/creators-hub",
      { portfolioUrl: "https://vimeo.com/someone", message: "Timelapses", terms: "on" },
      applicant.cookie,
      { lang: "es" },
    );
    expect(sent.status).toBe(302);
    const [received] = await outboxFor(applicant.email);
    expect(received?.subject).toBe("Hemos recibido tu solicitud de creador en Verdeo");
    expect(received?.text.startsWith("Hola, Test Person:")).toBe(true);
  });

  it("a staff reply keeps the team member's words and signs off in the sender's language (Japanese)", async () => {
    const author = await signedIn("user");
    await saveLanguage(author.id, "ja");
    const staff = await signedIn("developer");
    const [row] = await db()
      .insert(contactMessages)
      .values({
        userId: author.id,
        username: author.username,
        email: author.email,
        subject: "Invoice",
        message: "Where is it?",
      })
      .returning();
    const replied = await replyToContactMessage({
      messageId: row!.id,
      reply: { body: "It is attached now." },
      actor: staff.user,
    });
    expect(replied.ok).toBe(true);
    const [mail] = await outboxFor(author.email);
    expect(mail?.subject).toBe("Re: Invoice");
    expect(mail?.text).toBe("It is attached now.\n\n— Verdeo チーム\n\n> Where is it?");
  });

  it("a staff reply to someone without a stored language signs off in English, as before", async () => {
    const author = await signedIn("user");
    const staff = await signedIn("developer");
    const [row] = await db()
      .insert(contactMessages)
      .values({
        userId: author.id,
        username: author.username,
        email: author.email,
        subject: "Hi",
        message: "One\nTwo",
      })
      .returning();
    await replyToContactMessage({ messageId: row!.id, reply: { body: "Hello" }, actor: staff.user });
    const [mail] = await outboxFor(author.email);
    expect(mail?.text).toBe("Hello\n\n— The Verdeo team\n\n> One\n> Two");
  });
});
