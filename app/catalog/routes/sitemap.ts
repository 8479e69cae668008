import { config } from "~/platform/config.server";
import { sitemapIndexXml } from "../search/sitemap";
import { listClipSitemapParts } from "../search/sitemap.server";

export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

/** The sitemap index: the pages' file and one file per range of clip ids that has published clips. */
export async function loader() {
  const xml = sitemapIndexXml(config().PUBLIC_URL, await listClipSitemapParts());
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
