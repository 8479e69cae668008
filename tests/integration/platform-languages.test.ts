import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "~/accounts/schema.server";
import { action as chooseLanguage } from "~/layout/routes/language";
import { loader as layoutLoader } from "~/layout/site-layout";
import { db } from "~/platform/db/client.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { postForm, routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const choose = (fields: Record<string, string>, cookie?: string) =>
  settle(() => chooseLanguage(routeArgs(postForm("/resources/language", fields, cookie)) as never));

/** The site layout's loader for a page request (its `lang` parameter as React Router would give it). */
const openPage = (path: string, headers: Record<string, string> = {}) => {
  const lang = /^\/([a-z]{2}(?:-[a-z]{2})?)(?=\/|$)/.exec(path)?.[1];
  const request = new Request(`http://localhost:3000${path}`, { headers });
  const args = {
    ...routeArgs(request),
    params: lang && !["videos", "pricing"].includes(lang) ? { lang } : {},
  };
  return settle(() => layoutLoader(args as never));
};

describe("the language switcher", () => {
  it("shows the same page in the chosen language and remembers the choice in a cookie", async () => {
    const chosen = await choose({ locale: "fr", returnTo: "/de/video/12?save=1" });
    expect(chosen.status).toBe(302);
    expect(chosen.location).toBe("/fr/video/12?save=1");
    expect(chosen.setCookie).toMatch(/^lang=fr; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect((await choose({ locale: "en", returnTo: "/ja" })).location).toBe("/");
  });

  it("stores a signed-in person's choice on their profile", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    await choose({ locale: "ja", returnTo: "/pricing" }, cookie);
    const [row] = await db()
      .select({ language: profiles.language })
      .from(profiles)
      .where(eq(profiles.id, account.id));
    expect(row?.language).toBe("ja");
    // Their next page without a language in its address opens in theirs, whatever the browser says.
    const page = await openPage("/videos", { Cookie: cookie, "Accept-Language": "de" });
    expect(page.location).toBe("/ja/videos");
  });

  it("refuses a language we do not speak, and never sends anyone to another site", async () => {
    const refused = await choose({ locale: "xx", returnTo: "/videos" });
    expect(refused.status).toBe(400);
    expect(refused.setCookie).toBeNull();
    expect((await choose({ locale: "de", returnTo: "//evil.example/x" })).location).toBe("/de");
    // A control character is refused with the other form fields' answer: nothing stored.
    const nul = await choose({ locale: "de", returnTo: "/videos\u0000" });
    expect(nul.status).toBe(400);
    expect(nul.setCookie).toBeNull();
  });
});

describe("a page's language", () => {
  it("sends a first visit to the browser's language, and keeps English for English browsers", async () => {
    expect((await openPage("/videos?q=beach", { "Accept-Language": "de-DE,de;q=0.9" })).location).toBe(
      "/de/videos?q=beach",
    );
    expect((await openPage("/videos", { "Accept-Language": "en-US" })).status).toBe(200);
    expect((await openPage("/videos", { "Accept-Language": "de", Cookie: "lang=en" })).status).toBe(200);
  });

  it("sends /en/… to its one address and answers 404 for a language we do not speak", async () => {
    // Asking for English by address is a choice: the next page without a language stays English.
    const english = await openPage("/en/pricing", { "Accept-Language": "de" });
    expect(english.location).toBe("/pricing");
    expect(english.setCookie).toMatch(/^lang=en;/);
    expect((await openPage("/xx/pricing")).status).toBe(404);
    expect((await openPage("/fr/pricing", { "Accept-Language": "de" })).status).toBe(200);
  });
});
