import { acceptedLanguages } from "./accept-language";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

export const LANGUAGE_COOKIE = "lang";
/** A year: the choice outlives a session. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * The interface language closest to an Accept-Language header: an exact match (`pt-br`), else the
 * first range whose language we speak (`de-CH` → German, `pt-PT` → Brazilian Portuguese), else English.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  for (const { tag } of acceptedLanguages(header)) {
    if (isLocale(tag)) return tag;
    const language = tag.split("-", 1)[0];
    const near = LOCALES.find((locale) => locale.split("-", 1)[0] === language);
    if (near) return near;
  }
  return DEFAULT_LOCALE;
}

/** The language named by the `lang` cookie, if it names one of ours. */
export function localeFromCookieHeader(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/**
 * The language a page without a language in its address is shown in: the signed-in person's stored
 * choice, else the cookie the switcher set, else the browser's languages. Pure, so the page cache
 * keeps an English copy only for visitors it would not send elsewhere.
 */
export function preferredLocale(request: {
  stored?: Locale | null;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Locale {
  return (
    request.stored ??
    localeFromCookieHeader(request.cookie) ??
    localeFromAcceptLanguage(request.acceptLanguage)
  );
}

/** The Set-Cookie value that keeps a visitor's choice of language. */
export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The language of an answer whose address has none (a PDF, a download): the reader's stored choice,
 * else their cookie, else their browser's languages, as a page would be negotiated.
 */
export function readerLocale(request: Request, stored: Locale | null | undefined): Locale {
  return preferredLocale({
    stored,
    cookie: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}
