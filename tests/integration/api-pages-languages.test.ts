import { describe, expect, it } from "vitest";
import { API_CACHING_TEXT, API_LIMITS_TEXT } from "~/api/endpoints/usage-rules.server";
import { API_KEY_MESSAGES, API_KEYS_PER_USER_MAX } from "~/api/keys/api-keys";
import { createApiKey } from "~/api/keys/api-keys.server";
import { loader as developersLoader } from "~/api/routes/developers";
import { action, loader } from "~/api/routes/profile-api";
import type { FormReply } from "~/platform/http/form-reply";
import type { Messages } from "~/platform/i18n/messages";
import { createAccount, sessionCookie } from "../factories/accounts";
import { routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** The route's arguments for a page in `lang` (the `:lang?` segment the layout route reads). */
function pageArgs(request: Request, lang: string) {
  return { ...routeArgs(request), params: { lang } } as never;
}

function postKeysForm(cookie: string, lang: string, fields: [string, string][]) {
  const request = new Request(`http://localhost:3000/${lang}/profile/api`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return settle<FormReply>(() => action(pageArgs(request, lang)));
}

describe("the developer pages in the page's language", () => {
  it("/de/profile/api sends the page's messages in German", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    const request = new Request("http://localhost:3000/de/profile/api", { headers: { Cookie: cookie } });
    const page = await settle<{ messages: Messages }>(() => loader(pageArgs(request, "de")));
    expect(page.status).toBe(200);
    expect(page.data?.messages["api.keys.heading"]).toBe("API-Schlüssel");
    expect(page.data?.messages["api.keys.create"]).toBe("Schlüssel erstellen");
    expect(page.data?.messages["api.webhooks.add"]).toBe("Endpunkt hinzufügen");
  });

  it("a refused key on /fr/profile/api is answered in French, and its redirects stay in French", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    const unnamed = await postKeysForm(cookie, "fr", [
      ["name", "  "],
      ["scopes", "read"],
    ]);
    expect(unnamed.status).toBe(400);
    expect(unnamed.data?.fieldErrors.name).toBe(
      "Donnez un nom à la clé (par exemple celui de l’application qui l’utilisera).",
    );
    expect(JSON.stringify(unnamed.data)).not.toContain(API_KEY_MESSAGES.nameRequired);
    // A refusal of the key service (not of the form's schema) too, with its figure.
    for (let i = 0; i < API_KEYS_PER_USER_MAX; i++)
      await createApiKey({ userId: account.id, name: `k${i}`, scopes: ["read"] });
    const tooMany = await postKeysForm(cookie, "fr", [
      ["name", "one more"],
      ["scopes", "read"],
    ]);
    expect(tooMany.data?.formError).toBe(
      `Vous avez déjà ${API_KEYS_PER_USER_MAX} clés : révoquez-en une d’abord.`,
    );
    expect(tooMany.data?.values.name).toBe("one more");
    // An unconfirmed revoke asks on the French page.
    const [key] = (
      await settle<{ keys: { id: string }[] }>(() =>
        loader(
          pageArgs(
            new Request("http://localhost:3000/fr/profile/api", { headers: { Cookie: cookie } }),
            "fr",
          ),
        ),
      )
    ).data!.keys;
    const unconfirmed = await postKeysForm(cookie, "fr", [
      ["intent", "revoke"],
      ["keyId", key!.id],
    ]);
    expect(unconfirmed.location).toBe(`/fr/profile/api?revoke=${key!.id}#revoke-${key!.id}`);
  });

  it("/developers states the limits and caching rules of the OpenAPI document, word for word in English", () => {
    const english = developersLoader({
      ...routeArgs(new Request("http://localhost:3000/developers")),
    } as never);
    expect(english.limitsText).toBe(API_LIMITS_TEXT);
    expect(english.cachingText).toBe(API_CACHING_TEXT);
    const german = developersLoader(pageArgs(new Request("http://localhost:3000/de/developers"), "de"));
    expect(german.limitsText).toContain("Ohne Schlüssel:");
    expect(german.messages["api.developers.section.quickStart"]).toBe("Schnellstart");
  });
});
