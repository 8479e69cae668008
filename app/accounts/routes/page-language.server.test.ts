import { describe, expect, it } from "vitest";
import { localizedTarget, standalonePageLocale } from "./page-language.server";

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`https://verdeo.test${path}`, { headers });

async function thrown(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error as { status?: number; init?: { status?: number }; headers?: Headers };
  }
  throw new Error("did not throw");
}

describe("the language of the sign-in pages", () => {
  it("is the one in the address, English without one", () => {
    expect(standalonePageLocale(request("/de/login"), { lang: "de" })).toBe("de");
    expect(standalonePageLocale(request("/login"), {})).toBe("en");
  });

  it("sends /en/login to /login and an unknown language to a 404", async () => {
    const english = await thrown(() => standalonePageLocale(request("/en/login?reset=1"), { lang: "en" }));
    expect(english.status).toBe(302);
    expect(english.headers?.get("Location")).toBe("/login?reset=1");
    const unknown = await thrown(() => standalonePageLocale(request("/xx/login"), { lang: "xx" }));
    expect(unknown.init?.status).toBe(404);
  });

  it("sends a visitor whose browser asks for German to /de/login", async () => {
    const german = await thrown(() =>
      standalonePageLocale(request("/login?redirectTo=%2Fvideos", { "Accept-Language": "de-DE" }), {}),
    );
    expect(german.headers?.get("Location")).toBe("/de/login?redirectTo=%2Fvideos");
  });

  it("keeps the language on the way back to a page", () => {
    expect(localizedTarget("de", "/profile")).toBe("/de/profile");
    expect(localizedTarget("de", "/videos?q=x")).toBe("/de/videos?q=x");
    expect(localizedTarget("de", "/fr/videos")).toBe("/fr/videos");
    expect(localizedTarget("de", "/resources/verification-mail")).toBe("/resources/verification-mail");
    expect(localizedTarget("en", "/profile")).toBe("/profile");
  });
});
