import { config } from "~/platform/config.server";
import { listClipDates } from "../catalog.server";

/** The public pages that are worth indexing. */
const PUBLIC_PAGES = [
  "/",
  "/videos",
  "/pricing",
  "/about",
  "/creators-hub",
  "/terms",
  "/privacy",
  "/licensing",
  "/contact",
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

export async function loader() {
  const origin = config().PUBLIC_URL;
  const clips = await listClipDates();
  const urls = [
    ...PUBLIC_PAGES.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...clips.map(
      (clip) =>
        `<url><loc>${escapeXml(`${origin}/video/${clip.id}`)}</loc><lastmod>${clip.createdAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
