import { config } from "~/platform/config.server";
import { pagesSitemapXml } from "../search/sitemap";
import { SITEMAP_HEADERS } from "./sitemap";

export function loader() {
  return new Response(pagesSitemapXml(config().PUBLIC_URL), { headers: SITEMAP_HEADERS });
}
