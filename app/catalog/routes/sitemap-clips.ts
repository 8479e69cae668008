import { config } from "~/platform/config.server";
import { parseClipSitemapFile } from "../search/sitemap";
import { streamClipSitemap } from "../search/sitemap.server";
import type { Route } from "./+types/sitemap-clips";
import { SITEMAP_HEADERS } from "./sitemap";

const notFound = () =>
  new Response("No such sitemap.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** One file of clips (`/sitemaps/clips/N.xml`), streamed from the database a page at a time. */
export async function loader({ params }: Route.LoaderArgs) {
  const part = parseClipSitemapFile(params.file);
  if (part === undefined) return notFound();
  const body = await streamClipSitemap(config().PUBLIC_URL, part);
  return body ? new Response(body, { headers: SITEMAP_HEADERS }) : notFound();
}
