import { useLocation, useMatches } from "react-router";
import type { RouteHandle } from "~/platform/http/route-handle";
import {
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  LOCALES,
  localizedPath,
  splitLocalePath,
} from "~/platform/i18n/locales";

/**
 * `hreflang` alternates of a public page: the same page in every language, English as the default
 * for languages we do not speak. Pages behind a session are nobody's search result: none.
 */
export function LanguageAlternates({ origin }: { origin: string }) {
  const matches = useMatches();
  const location = useLocation();
  const isPublic = matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.cache === "public-page",
  );
  if (!isPublic) return null;
  const { path } = splitLocalePath(location.pathname);
  const href = (locale: (typeof LOCALES)[number]) =>
    `${origin}${localizedPath(locale, `${path}${location.search}`)}`;
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={LOCALE_TAGS[locale]} href={href(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LOCALE)} />
    </>
  );
}
