import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale, localizedPath } from "~/platform/i18n/locales";

/**
 * The sitemaps, as search engines read them: an index (`/sitemap.xml`) naming one file for the
 * public pages and one file per range of clip ids. A clip's file is fixed by its id, so it never
 * moves between files as clips come and go, and each file is read from the database by its id
 * range in keyset pages (no OFFSET). Pure text here; the queries and the streaming are in
 * sitemap.server.ts.
 */

/** The protocol's limit per file is 50,000 URLs and 50 MB: a range of ids holds at most this many clips. */
export const CLIPS_PER_SITEMAP = 25_000;
/** Rows read from the database at a time while a file is written. */
export const SITEMAP_PAGE_ROWS = 1_000;
/** Search engines read up to 2,048 characters; the summary is enough, and keeps a full file well under 50 MB. */
export const SITEMAP_DESCRIPTION_MAX = 500;
export const SITEMAP_TITLE_MAX = 100;

/** The public pages that are worth indexing. */
export const SITEMAP_PAGES = [
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

export const sitemapPagesPath = "/sitemaps/pages.xml";
export const clipSitemapPath = (part: number) => `/sitemaps/clips/${part}.xml`;
/** The range of ids a clip file covers: part 0 holds ids 0–24,999, part 1 25,000–49,999… */
export const clipSitemapRange = (part: number) => ({
  first: part * CLIPS_PER_SITEMAP,
  last: Math.min(2 ** 31 - 1, (part + 1) * CLIPS_PER_SITEMAP - 1),
});
export const clipSitemapPart = (clipId: number) => Math.floor(clipId / CLIPS_PER_SITEMAP);

/** The last file there can be: clip ids are PostgreSQL integers. */
export const LAST_CLIP_SITEMAP_PART = clipSitemapPart(2 ** 31 - 1);

/** The part number of a `/sitemaps/clips/N.xml` file name, or undefined for anything else. */
export function parseClipSitemapFile(file: string | undefined) {
  const match = /^(\d{1,6})\.xml$/.exec(file ?? "");
  const part = match ? Number(match[1]) : undefined;
  return part !== undefined && part <= LAST_CLIP_SITEMAP_PART ? part : undefined;
}

export const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

/** XML 1.0 cannot carry most control characters, even escaped; they are dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const text = (value: string, max: number) => {
  const clean = value.replace(NOT_XML, "").trim();
  return escapeXml(clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean);
};

/** A URL made absolute against the site's origin (media URLs are paths unless a CDN serves them). */
export const absoluteUrl = (origin: string, url: string) => (url.startsWith("/") ? origin + url : url);

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

/** A page's `hreflang` alternates: the same page in every interface language, English as the default. */
export function languageAlternatesXml(origin: string, path: string) {
  const link = (hreflang: string, locale: Locale) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + localizedPath(locale, path))}"/>`;
  return [
    ...LOCALES.map((locale) => link(LOCALE_TAGS[locale], locale)),
    link("x-default", DEFAULT_LOCALE),
  ].join("");
}
export const URLSET_CLOSE = "</urlset>\n";

export function sitemapIndexXml(origin: string, parts: number[]) {
  const files = [sitemapPagesPath, ...parts.map(clipSitemapPath)];
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((file) => `<sitemap><loc>${escapeXml(origin + file)}</loc></sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;
}

/** Every public page in every language, each naming its alternates. */
export function pagesSitemapXml(origin: string) {
  const urls = SITEMAP_PAGES.flatMap((page) =>
    LOCALES.map(
      (locale) =>
        `<url><loc>${escapeXml(origin + localizedPath(locale, page))}</loc>${languageAlternatesXml(origin, page)}</url>`,
    ),
  );
  return `${XML_HEAD}${URLSET_OPEN}${urls.join("\n")}\n${URLSET_CLOSE}`;
}

export interface SitemapClip {
  id: number;
  title: string;
  description: string;
  thumbnailUrl: string;
  previewUrl: string | null;
  videoUrl: string;
  durationSeconds: number;
  createdAt: Date;
}

/**
 * One clip's `<url>` with its `video:` entry (the watermarked preview is the content a crawler may
 * fetch) and its page's other languages as alternates: one `<url>` a clip keeps a full file of
 * 25,000 clips within the protocol's 50,000 URLs.
 */
export function clipUrlXml(origin: string, clip: SitemapClip) {
  const loc = escapeXml(`${origin}/video/${clip.id}`);
  const lastmod = clip.createdAt.toISOString().slice(0, 10);
  const content = clip.previewUrl || clip.videoUrl;
  const title = text(clip.title, SITEMAP_TITLE_MAX);
  // The description is required by the video schema: a clip without one is described by its title.
  const description = text(clip.description, SITEMAP_DESCRIPTION_MAX) || title;
  const video = content
    ? `<video:video><video:thumbnail_loc>${escapeXml(absoluteUrl(origin, clip.thumbnailUrl))}</video:thumbnail_loc>` +
      `<video:title>${title}</video:title><video:description>${description}</video:description>` +
      `<video:content_loc>${escapeXml(absoluteUrl(origin, content))}</video:content_loc>` +
      `<video:duration>${Math.max(1, Math.min(28_800, Math.round(clip.durationSeconds)))}</video:duration></video:video>`
    : "";
  const alternates = languageAlternatesXml(origin, `/video/${clip.id}`);
  return `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod>${alternates}${video}</url>\n`;
}
