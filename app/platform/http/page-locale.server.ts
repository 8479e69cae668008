import { data, redirect } from "react-router";
import { config } from "../config.server";
import type { Locale, PageLocale } from "../i18n/locales";
import { languageCookie } from "../i18n/negotiate";
import { decidePageLocale } from "../i18n/page-locale";

/**
 * A page request's language (docs/decisions/0033), or the answer that replaces the page: a redirect
 * to the visitor's language or to the canonical English address (remembering an explicit `/en/`),
 * or a 404 for a language we do not speak. For the site layout and the sign-in pages outside it.
 */
export function pageLocaleOrAnswer(
  request: Request,
  lang: string | undefined,
  stored: Locale | null,
): PageLocale {
  const decision = decidePageLocale({
    lang,
    url: new URL(request.url),
    stored,
    cookie: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  if (decision.kind === "not-found") throw data(null, { status: 404 });
  if (decision.kind === "page") return decision.locale;
  const headers = new Headers({ Vary: "Accept-Language, Cookie" });
  if (decision.remember)
    headers.set("Set-Cookie", languageCookie(decision.remember, config().PUBLIC_URL.startsWith("https:")));
  throw redirect(decision.to, { headers });
}
