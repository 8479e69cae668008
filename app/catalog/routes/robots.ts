import { config } from "~/platform/config.server";

/** Crawlers may read the public pages; account, checkout and resource routes are of no use to them. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /checkout",
    "Disallow: /resources/",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /auth/",
    "",
    `Sitemap: ${config().PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
