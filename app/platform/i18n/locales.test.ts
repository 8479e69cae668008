import { describe, expect, it } from "vitest";
import { localizedPath, splitLocalePath } from "./locales";
import { localeFromAcceptLanguage, preferredLocale } from "./negotiate";
import { decidePageLocale } from "./page-locale";

describe("a page's language in its address", () => {
  it("prefixes every language but English, keeping the query", () => {
    expect(localizedPath("de", "/videos?q=Strand")).toBe("/de/videos?q=Strand");
    expect(localizedPath("pt-br", "/")).toBe("/pt-br");
    expect(localizedPath("ja", "/?q=x")).toBe("/ja?q=x");
    expect(localizedPath("en", "/videos")).toBe("/videos");
    // Another origin or a relative link is left alone.
    expect(localizedPath("fr", "//evil.example/x")).toBe("//evil.example/x");
    expect(localizedPath("fr", "https://example.com")).toBe("https://example.com");
  });

  it("splits a language prefix off a path, and only a language of ours", () => {
    expect(splitLocalePath("/fr/video/12")).toEqual({ locale: "fr", path: "/video/12" });
    expect(splitLocalePath("/pt-br")).toEqual({ locale: "pt-br", path: "/" });
    expect(splitLocalePath("/videos")).toEqual({ locale: "en", path: "/videos" });
    expect(splitLocalePath("/it/videos")).toEqual({ locale: "en", path: "/it/videos" });
    expect(splitLocalePath("/dex")).toEqual({ locale: "en", path: "/dex" });
  });
});

describe("negotiating the language of a first visit", () => {
  it("takes the most wanted language we speak, by exact tag or by language", () => {
    expect(localeFromAcceptLanguage("de-CH,de;q=0.9,en;q=0.8")).toBe("de");
    expect(localeFromAcceptLanguage("pt-PT")).toBe("pt-br");
    expect(localeFromAcceptLanguage("it,fr;q=0.5")).toBe("fr");
    expect(localeFromAcceptLanguage("en;q=0.4,ja;q=0.9")).toBe("ja");
    expect(localeFromAcceptLanguage("it, nl")).toBe("en");
    expect(localeFromAcceptLanguage("de;q=0, fr;q=2")).toBe("en");
    expect(localeFromAcceptLanguage(`${"x".repeat(10_000)},de`)).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
  });

  it("lets a stored choice beat the cookie, and the cookie beat the browser", () => {
    expect(preferredLocale({ stored: "ja", cookie: "lang=fr", acceptLanguage: "de" })).toBe("ja");
    expect(preferredLocale({ cookie: "theme=dark; lang=fr", acceptLanguage: "de" })).toBe("fr");
    expect(preferredLocale({ cookie: "lang=xx", acceptLanguage: "de" })).toBe("de");
  });
});

describe("what a page request's language segment decides", () => {
  const decide = (
    path: string,
    lang: string | undefined,
    acceptLanguage: string | null = null,
    cookie = "",
  ) => decidePageLocale({ lang, url: new URL(path, "http://x"), stored: null, cookie, acceptLanguage });

  it("shows a page in the language its address names", () => {
    expect(decide("/de/videos", "de", "fr")).toEqual({ kind: "page", locale: "de" });
  });

  it("sends /en/… to its one address at the root, and an unknown language to a 404", () => {
    expect(decide("/en/video/3?x=1", "en")).toEqual({ kind: "redirect", to: "/video/3?x=1", remember: "en" });
    expect(decide("/xx/videos", "xx")).toEqual({ kind: "not-found" });
  });

  it("sends a page without a language to the visitor's when it is not English", () => {
    expect(decide("/videos?q=a", undefined, "de-DE,de")).toEqual({ kind: "redirect", to: "/de/videos?q=a" });
    expect(decide("/videos", undefined, "de", "lang=en")).toEqual({ kind: "page", locale: "en" });
    expect(decide("/", undefined, null)).toEqual({ kind: "page", locale: "en" });
  });
});
