/**
 * The currency a visitor sees prices in: their choice (the `currency` cookie, set by the switcher),
 * else their region's (the Accept-Language region subtag), else the euro. Pure, so the page cache
 * (server/page-cache.ts) keys its copies by the same default the page renders with.
 */
import { BASE_CURRENCY, type Currency, isCurrency } from "../currencies";

export const CURRENCY_COOKIE = "currency";
/** A year: the choice outlives a session. */
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 3600;

const REGION_CURRENCY: Record<string, Currency> = { US: "USD", GB: "GBP", CH: "CHF", JP: "JPY", LI: "CHF" };

/** The region's currency of the visitor's most preferred language that names one, else the euro. */
export function currencyFromAcceptLanguage(header: string | null | undefined): Currency {
  if (!header) return BASE_CURRENCY;
  const tags = header
    .slice(0, 500)
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const first = tags[0];
  if (!first) return BASE_CURRENCY;
  const [language = "", region = ""] = first.tag.split("-");
  if (/^[a-z]{2}$/i.test(region)) return REGION_CURRENCY[region.toUpperCase()] ?? BASE_CURRENCY;
  return language.toLowerCase() === "ja" ? "JPY" : BASE_CURRENCY;
}

/** The value of the `currency` cookie when it names a currency sold in, else null. */
export function currencyFromCookieHeader(cookieHeader: string | null | undefined): Currency | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CURRENCY_COOKIE && isCurrency(value)) return value;
  }
  return null;
}

/** What the visitor sees prices in for a request. */
export function visitorCurrency(headers: { get(name: string): string | null }): Currency {
  return (
    currencyFromCookieHeader(headers.get("cookie")) ??
    currencyFromAcceptLanguage(headers.get("accept-language"))
  );
}

/** The Set-Cookie value that keeps a visitor's choice. */
export function currencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
