import { pageLocaleOrAnswer } from "~/platform/http/page-locale.server";
import {
  DEFAULT_LOCALE,
  isPagePath,
  localizedPath,
  type PageLocale,
  splitLocalePath,
} from "~/platform/i18n/locales";

/**
 * The language of a sign-in page outside the site layout (`/de/login`), decided as the layout decides
 * it for every other page (docs/decisions/0033): an unknown language is a 404, `/en/login` goes to
 * `/login`, and a page without one goes to the visitor's language when that is not English.
 */
export function standalonePageLocale(request: Request, params: { lang?: string }): PageLocale {
  return pageLocaleOrAnswer(request, params.lang, null);
}

/**
 * Where a signed-in visitor goes, in the page's language: a page path without a language of its own
 * (`/profile`, the fallback) gets the page's; one that names a language already, and anything that
 * is not a page, stays as it is.
 */
export function localizedTarget(locale: PageLocale, target: string): string {
  if (locale === DEFAULT_LOCALE || !isPagePath(target)) return target;
  if (splitLocalePath(target).path !== target) return target;
  return localizedPath(locale, target);
}
