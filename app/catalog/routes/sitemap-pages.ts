import { config } from "~/platform/config.server";
import { pagesSitemapXml } from "../sitemap";
import { SITEMAP_HEADERS } from "./sitemap";

export function loader() {
  return new Response(pagesSitemapXml(config().PUBLIC_URL), { headers: SITEMAP_HEADERS });
}
