import { DEFAULT_LOCALE, type Locale, localeOfSegment, localizedPath, type PageLocale } from "./locales";
import { preferredLocale } from "./negotiate";

export type PageLocaleDecision =
  | { kind: "page"; locale: PageLocale }
  /** `remember`: the address asked for a language explicitly (`/en/…`): it is kept as a choice. */
  | { kind: "redirect"; to: string; remember?: Locale }
  | { kind: "not-found" };

/**
 * What a page request's language segment means (docs/decisions/0033-interface-languages.md): a
 * language of ours is the page's; `/en/…` goes to its one canonical address at the root, remembered
 * as a choice (a link to "the English version" must not bounce back to the visitor's); another
 * two-letter segment is a page that does not exist; no segment is English unless the visitor's
 * stored choice, cookie or browser asks for another language, which it is then sent to.
 */
export function decidePageLocale(request: {
  lang: string | undefined;
  url: URL;
  stored: Locale | null;
  cookie: string | null;
  acceptLanguage: string | null;
}): PageLocaleDecision {
  const { lang, url } = request;
  if (lang !== undefined) {
    const locale = localeOfSegment(lang, true);
    if (locale) return { kind: "page", locale };
    if (lang === DEFAULT_LOCALE) {
      const rest = url.pathname.slice(`/${lang}`.length) || "/";
      return { kind: "redirect", to: `${rest}${url.search}`, remember: DEFAULT_LOCALE };
    }
    return { kind: "not-found" };
  }
  const wanted = preferredLocale(request);
  if (wanted === DEFAULT_LOCALE) return { kind: "page", locale: DEFAULT_LOCALE };
  return { kind: "redirect", to: localizedPath(wanted, `${url.pathname}${url.search}`) };
}

/** The page's language from its `lang` route parameter (unknown values are the layout's 404). */
export const pageLocaleOf = (params: { lang?: string } | undefined): PageLocale =>
  localeOfSegment(params?.lang, true) ?? DEFAULT_LOCALE;
