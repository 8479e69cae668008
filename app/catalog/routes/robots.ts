import { config } from "~/platform/config.server";
import { LOCALES, localizedPath } from "~/platform/i18n/locales";

/** Pages of no use to a crawler, in every language: checkout and sign-in. */
const PRIVATE_PAGES = ["/checkout", "/login", "/signup"];

/** Crawlers may read the public pages; account, checkout and resource routes are of no use to them. */
export function loader() {
  const pages = LOCALES.flatMap((locale) =>
    PRIVATE_PAGES.map((page) => `Disallow: ${localizedPath(locale, page)}`),
  );
  const body = [
    "User-agent: *",
    "Allow: /",
    ...pages,
    "Disallow: /resources/",
    "Disallow: /auth/",
    "",
    `Sitemap: ${config().PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
