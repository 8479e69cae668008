import { data, redirect } from "react-router";
import { DEFAULT_LOCALE, localizedPath, type PageLocale, splitLocalePath } from "~/platform/i18n/locales";
import { decidePageLocale } from "~/platform/i18n/page-locale";

/**
 * The language of a sign-in page outside the site layout (`/de/login`), decided as the layout decides
 * it for every other page (docs/decisions/0033): an unknown language is a 404, `/en/login` goes to
 * `/login`, and a page without one goes to the visitor's language when that is not English.
 */
export function standalonePageLocale(request: Request, params: { lang?: string }): PageLocale {
  const decision = decidePageLocale({
    lang: params.lang,
    url: new URL(request.url),
    stored: null,
    cookie: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  if (decision.kind === "redirect")
    throw redirect(decision.to, { headers: { Vary: "Accept-Language, Cookie" } });
  if (decision.kind === "not-found") throw data(null, { status: 404 });
  return decision.locale;
}

/** Paths that are not pages, so have no language: resource routes, the auth API, sign-out. */
const NOT_A_PAGE = /^\/(?:resources|api|auth|logout|account|email-confirmed)(?:[/?#]|$)/;

/**
 * Where a signed-in visitor goes, in the page's language: a page path without a language of its own
 * (`/profile`, the fallback) gets the page's; one that names a language already, and anything that
 * is not a page, stays as it is.
 */
export function localizedTarget(locale: PageLocale, target: string): string {
  if (locale === DEFAULT_LOCALE || NOT_A_PAGE.test(target)) return target;
  if (splitLocalePath(target).path !== target) return target;
  return localizedPath(locale, target);
}
