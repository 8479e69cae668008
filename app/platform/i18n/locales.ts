/**
 * The interface languages and where a page's language lives: in its address (`/de/videos`), English
 * at the root (docs/decisions/0033-interface-languages.md). Pure, so the server's page cache and the
 * browser share it.
 */
export const LOCALES = ["en", "de", "fr", "es", "pt-br", "ja"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/**
 * The pseudo-locale: English with every translated string accented and bracketed, so text that
 * bypasses the catalogues stands out (docs/translating.md). Served under `/en-xa/` outside production.
 */
export const PSEUDO_LOCALE = "en-xa";
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language by its own name, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-br": "Português (Brasil)",
  ja: "日本語",
};

/** The BCP 47 tag for `lang`, `hreflang` and `Intl` (the path segment is lower-case). */
export const LOCALE_TAGS: Record<PageLocale, string> = {
  en: "en",
  de: "de",
  fr: "fr",
  es: "es",
  "pt-br": "pt-BR",
  ja: "ja",
  "en-xa": "en-XA",
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The language a page stands for when it is kept (on a profile, an order): the pseudo-locale is English. */
export const spokenLocale = (locale: PageLocale): Locale =>
  locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;

/** The locale a path segment names (`de`, `pt-br`), or null; English has no prefix of its own. */
export function localeOfSegment(segment: string | undefined, pseudoAllowed: boolean): PageLocale | null {
  if (segment === undefined) return null;
  if (pseudoAllowed && segment === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return isLocale(segment) && segment !== DEFAULT_LOCALE ? segment : null;
}

/** A path's locale prefix and the path without it: `/de/videos` → de and `/videos`. */
export function splitLocalePath(
  pathname: string,
  pseudoAllowed = true,
): { locale: PageLocale; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(?=\/|$)(.*)$/.exec(pathname);
  const locale = localeOfSegment(match?.[1], pseudoAllowed);
  if (!match || !locale) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale, path: match[2] || "/" };
}

/**
 * Addresses that are not pages and so have no language: files, feeds, form endpoints, the API, the
 * sign-out and the staff console (English only). A test (locales.routes.test.ts) holds this to the
 * route table: every resource route is matched here, no page is.
 */
const NOT_A_PAGE =
  /^\/(?:(?:resources|api|webhooks|media|signed|assets|sitemaps|downloads|billing|staff|account|logout|email-confirmed)(?:[/?#]|$)|[^?#]*\.[a-z0-9]+(?:[?#]|$)|checkout\/pay(?:[/?#]|$)|studio\/(?:uploads|statements)\/|studio\/clips\/[^/]+\/releases\/)/i;

/** Whether a site path is a page (shown in a language) rather than a file or an endpoint. */
export const isPagePath = (path: string) =>
  path.startsWith("/") && !path.startsWith("//") && !NOT_A_PAGE.test(path);

/** A site path (`/videos?q=x`) as it is addressed in `locale`: `/de/videos?q=x`, English unprefixed. */
export function localizedPath(locale: PageLocale, path: string): string {
  if (locale === DEFAULT_LOCALE || !isPagePath(path)) return path;
  if (path === "/") return `/${locale}`;
  return /^\/[?#]/.test(path) ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}

/**
 * A page's address that names its language even for English (`/en/terms`): a link to "the English
 * version" from another language's page, which the site keeps as the visitor's choice.
 */
export const explicitPath = (locale: Locale, path: string) => `/${locale}${path === "/" ? "" : path}`;
