import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as indexLoader } from "~/catalog/routes/sitemap";
import { loader as clipsLoader } from "~/catalog/routes/sitemap-clips";
import { loader as pagesLoader } from "~/catalog/routes/sitemap-pages";
import { clips } from "~/catalog/schema.server";
import {
  CLIPS_PER_SITEMAP,
  clipSitemapPath,
  clipSitemapRange,
  SITEMAP_DESCRIPTION_MAX,
  SITEMAP_PAGE_ROWS,
} from "~/catalog/search/sitemap";
import { listSitemapClips } from "~/catalog/search/sitemap.queries.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** 120,000 published clips with ids 1,000–120,999, plus hidden ones the sitemaps must leave out. */
const FIRST_ID = 1_000;
const PUBLISHED = 120_000;
const LAST_ID = FIRST_ID + PUBLISHED - 1;
const HIDDEN_IDS = [500_000, 500_001, 500_002];
const ODD_ID = 600_000;

const origin = () => config().PUBLIC_URL;
const urlsIn = (xml: string) => [...xml.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
const clipIdsIn = (xml: string) => urlsIn(xml).map((url) => Number(url.slice(`${origin()}/video/`.length)));

async function fetchXml(run: () => Promise<Response> | Response) {
  const response = await run();
  return { status: response.status, type: response.headers.get("content-type"), xml: await response.text() };
}
const clipFile = (file: string) =>
  fetchXml(() => clipsLoader({ params: { file } } as Parameters<typeof clipsLoader>[0]));

beforeAll(async () => {
  const { id: userId } = await createProfile();
  // One statement for the lot: 120,000 rows through the factory would take minutes.
  await db().execute(sql`
    insert into clips (id, title, description, thumbnail_url, video_url, preview_url, user_id, niche_id,
      license, duration_seconds, orientation, color_tone, mood, width, height, status, created_at)
    overriding system value
    select g, 'Clip number ' || g, 'Footage number ' || g || ' of a calm lake.',
      '/media/clips/' || g || '/poster-640.webp', '/media/clips/' || g || '/preview.mp4',
      '/media/clips/' || g || '/preview.mp4', ${userId}, 'nature', 'standard', 5 + g % 50,
      'landscape', 'cool', 'calm', 1920, 1080, 'published', now() - g * interval '1 second'
    from generate_series(${FIRST_ID}::int, ${LAST_ID}::int) g`);
  for (const [id, status] of [
    [HIDDEN_IDS[0], "processing"],
    [HIDDEN_IDS[1], "in_review"],
    [HIDDEN_IDS[2], "rejected"],
  ] as const)
    await db().execute(sql`
      insert into clips (id, title, thumbnail_url, video_url, user_id, niche_id, license, duration_seconds,
        orientation, color_tone, mood, width, height, status)
      overriding system value
      values (${id}, 'Hidden', '/p.webp', '', ${userId}, 'nature', 'standard', 10, 'landscape', 'cool',
        'calm', 1920, 1080, ${status})`);
  await db()
    .insert(clips)
    .values({
      id: ODD_ID,
      title: `Tom & Jerry's <b>"chase"</b>\u0007`,
      description: `${"Long & winding. ".repeat(100)}`,
      thumbnailUrl: "https://cdn.example.com/poster.webp",
      videoUrl: "https://cdn.example.com/preview.mp4",
      previewUrl: "https://cdn.example.com/preview.mp4",
      userId,
      nicheId: "nature",
      license: "standard",
      durationSeconds: 31,
      orientation: "landscape",
      colorTone: "cool",
      mood: "calm",
      width: 1920,
      height: 1080,
      status: "published",
    });
  // As autovacuum would after a bulk load: the planner then knows the table's size.
  await db().execute(sql`analyze clips`);
}, 120_000);

describe("sitemaps at 120,000 clips", () => {
  it("the index names the pages' file and one file per id range that has published clips", async () => {
    const { status, type, xml } = await fetchXml(() => indexLoader());
    expect(status).toBe(200);
    expect(type).toContain("application/xml");
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((match) => match[1]);
    const parts = [...new Set([FIRST_ID, LAST_ID].map((id) => Math.floor(id / CLIPS_PER_SITEMAP)))];
    const expectedParts = Array.from({ length: parts[1]! - parts[0]! + 1 }, (_, index) => parts[0]! + index);
    expect(files).toEqual([
      `${origin()}/sitemaps/pages.xml`,
      ...[...expectedParts, Math.floor(ODD_ID / CLIPS_PER_SITEMAP)].map(
        (part) => origin() + clipSitemapPath(part),
      ),
    ]);
  });

  it("every published clip is in exactly one file, each file has at most 50,000 URLs, hidden clips are in none", async () => {
    const index = (await fetchXml(() => indexLoader())).xml;
    const files = [...index.matchAll(/\/sitemaps\/clips\/(\d+\.xml)</g)].map((match) => match[1]!);
    const seen: number[] = [];
    for (const file of files) {
      const { status, xml } = await clipFile(file);
      expect(status).toBe(200);
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      expect(xml.endsWith("</urlset>\n")).toBe(true);
      const ids = clipIdsIn(xml);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(50_000);
      // Well under the protocol's 50 MB a file.
      expect(Buffer.byteLength(xml)).toBeLessThan(50 * 1024 * 1024);
      const range = clipSitemapRange(Number.parseInt(file, 10));
      for (const id of ids) expect(id >= range.first && id <= range.last).toBe(true);
      seen.push(...ids);
    }
    expect(seen).toHaveLength(PUBLISHED + 1);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of HIDDEN_IDS) expect(seen).not.toContain(id);
    expect(seen).toContain(ODD_ID);
  }, 60_000);

  it("each clip carries its page's languages and its video entry: thumbnail, title, description, preview URL and duration", async () => {
    const { xml } = await clipFile(`${Math.floor(FIRST_ID / CLIPS_PER_SITEMAP)}.xml`);
    const id = 1_234;
    const entry = xml.split("\n").find((line) => line.includes(`<loc>${origin()}/video/${id}</loc>`));
    expect(entry).toBe(
      `<url><loc>${origin()}/video/${id}</loc><lastmod>${entry!.match(/<lastmod>(\d{4}-\d\d-\d\d)</)![1]}</lastmod>` +
        [
          ["en", ""],
          ["de", "/de"],
          ["fr", "/fr"],
          ["es", "/es"],
          ["pt-BR", "/pt-br"],
          ["ja", "/ja"],
          ["x-default", ""],
        ]
          .map(
            ([hreflang, prefix]) =>
              `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${origin()}${prefix}/video/${id}"/>`,
          )
          .join("") +
        `<video:video><video:thumbnail_loc>${origin()}/media/clips/${id}/poster-640.webp</video:thumbnail_loc>` +
        `<video:title>Clip number ${id}</video:title>` +
        `<video:description>Footage number ${id} of a calm lake.</video:description>` +
        `<video:content_loc>${origin()}/media/clips/${id}/preview.mp4</video:content_loc>` +
        `<video:duration>${5 + (id % 50)}</video:duration></video:video></url>`,
    );
    expect(xml).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
  });

  it("escapes markup, drops control characters, shortens long descriptions and keeps CDN URLs as they are", async () => {
    const { xml } = await clipFile(`${Math.floor(ODD_ID / CLIPS_PER_SITEMAP)}.xml`);
    expect(xml).toContain(
      "<video:title>Tom &amp; Jerry&apos;s &lt;b&gt;&quot;chase&quot;&lt;/b&gt;</video:title>",
    );
    expect(xml).not.toContain("\u0007");
    const description = xml.match(/<video:description>([^<]*)<\/video:description>/)![1]!;
    expect(description.replaceAll("&amp;", "&").length).toBeLessThanOrEqual(SITEMAP_DESCRIPTION_MAX);
    expect(description.endsWith("…")).toBe(true);
    expect(xml).toContain("<video:thumbnail_loc>https://cdn.example.com/poster.webp</video:thumbnail_loc>");
    expect(xml).toContain("<video:duration>31</video:duration>");
  });

  it("answers 404 for a range without published clips and for file names that are not a number", async () => {
    for (const file of [
      "10.xml",
      "999999.xml",
      "85899.xml",
      "abc.xml",
      "1",
      "-1.xml",
      "1.xml.gz",
      "1e3.xml",
      "%00.xml",
    ])
      expect((await clipFile(file)).status, file).toBe(404);
    expect((await clipFile(`${Math.floor(HIDDEN_IDS[0]! / CLIPS_PER_SITEMAP)}.xml`)).status).toBe(404);
  });

  it("the public pages have a file of their own", async () => {
    const { status, xml } = await fetchXml(() => pagesLoader());
    expect(status).toBe(200);
    expect(urlsIn(xml)).toContain(`${origin()}/pricing`);
  });

  it("reads a file by walking the primary key from the last id read, never by skipping rows", async () => {
    const page = await listSitemapClips(clipSitemapRange(4), 100_500, SITEMAP_PAGE_ROWS);
    expect(page[0]?.id).toBe(100_501);
    expect(page).toHaveLength(SITEMAP_PAGE_ROWS);
    const plan = await db().execute<{ "QUERY PLAN": unknown }>(
      sql.raw(
        `explain (analyze, format json) select id from clips where status = 'published' and id >= 100000 and id <= 124999 and id > 120000 order by id limit ${SITEMAP_PAGE_ROWS}`,
      ),
    );
    const text = JSON.stringify(plan.rows[0]);
    expect(text).toContain("clips_pkey");
    expect(text).not.toContain('"Node Type":"Sort"');
    // Only the rows of the page are read: a skipped-over prefix would show as thousands of rows here.
    const scan = JSON.stringify(plan.rows[0])
      .match(/"Actual Rows":(\d+)/g)!
      .map((m) => Number(m.split(":")[1]));
    expect(Math.max(...scan)).toBeLessThanOrEqual(SITEMAP_PAGE_ROWS);
  });
});
