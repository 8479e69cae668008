import { eq } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loader as clipPageLoader, meta as clipPageMeta } from "~/catalog/routes/video";
import { clips } from "~/catalog/schema.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { clipSitemapPart } from "~/catalog/search/sitemap";
import { streamClipSitemap } from "~/catalog/search/sitemap.server";
import { loadConfig } from "~/platform/config.server";
import { mediaOrigin, serveStoryboards } from "~/platform/storage/public-media.server";
import { storage } from "~/platform/storage/storage.server";
import { contentSecurityPolicy } from "../../server/security-headers";
import { callApi } from "../factories/api";
import { createClip, createProfile } from "../factories/catalog";
import { load } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { closingTestServers } from "../support/test-servers";

const database = useTestDatabase();
const servers = closingTestServers();
const CDN = "https://cdn.example.test/verdeo-media";

function withMediaBase(base: string | undefined) {
  if (base) process.env.MEDIA_BASE_URL = base;
  else delete process.env.MEDIA_BASE_URL;
  loadConfig();
}

afterEach(() => withMediaBase(undefined));

/** A published clip with every public rendition the pipeline makes, its storyboard stored. */
async function clipWithRenditions(title: string) {
  const creator = await createProfile();
  const id = await createClip({ userId: creator.id, title, tags: ["lighthouse"] });
  const folder = `/media/clips/${id}/r1`;
  await database.db
    .update(clips)
    .set({
      thumbnailUrl: `${folder}/poster-640.webp`,
      videoUrl: `${folder}/preview.mp4`,
      previewUrl: `${folder}/preview.mp4`,
      previewSmallUrl: `${folder}/preview-small.mp4`,
      storyboardUrl: `${folder}/storyboard.vtt`,
    })
    .where(eq(clips.id, id));
  const vtt = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${folder}/storyboard.jpg#xywh=0,0,160,90\n`;
  await storage().put(`clips/${id}/r1/storyboard.vtt`, Buffer.from(vtt), { visibility: "public" });
  return { id, folder };
}

async function pageAndApi(id: number) {
  const page = await load(clipPageLoader, `/video/${id}`, undefined, { id: String(id) });
  const data = page.data as Parameters<typeof clipPageMeta>[0]["data"];
  const meta = clipPageMeta({ data } as Parameters<typeof clipPageMeta>[0]) as Record<string, string>[];
  const property = (name: string) => meta.find((tag) => tag.property === name)?.content;
  const api = await callApi("GET", `/clips/${id}`);
  return { page: data!, ogImage: property("og:image"), ogVideo: property("og:video"), api: api.body };
}

async function sitemapOf(id: number) {
  const stream = await streamClipSitemap("https://verdeo.example", clipSitemapPart(id));
  return new Response(stream).text();
}

async function storyboardThroughSite(key: string) {
  const app = express();
  app.use("/media", serveStoryboards());
  app.use("/media", storage().serve());
  const origin = await servers.start(app);
  return fetch(`${origin}/media/${key}`);
}

describe("MEDIA_BASE_URL", () => {
  it("names the CDN for a clip's posters and previews on its page, in its OpenGraph tags, in the API, in search results and in the sitemap", async () => {
    withMediaBase(CDN);
    const { id } = await clipWithRenditions("Lighthouse at Dusk");
    const { page, ogImage, ogVideo, api } = await pageAndApi(id);

    expect(page.clip).toMatchObject({
      thumbnailUrl: `${CDN}/clips/${id}/r1/poster-640.webp`,
      previewUrl: `${CDN}/clips/${id}/r1/preview.mp4`,
      previewSmallUrl: `${CDN}/clips/${id}/r1/preview-small.mp4`,
      // Fetched by the page's script: stays on the site, which names the CDN inside it.
      storyboardUrl: `/media/clips/${id}/r1/storyboard.vtt`,
    });
    expect(ogImage).toBe(`${CDN}/clips/${id}/r1/poster-640.webp`);
    expect(ogVideo).toBe(`${CDN}/clips/${id}/r1/preview.mp4`);
    expect(api).toMatchObject({
      poster_url: `${CDN}/clips/${id}/r1/poster-640.webp`,
      preview_url: `${CDN}/clips/${id}/r1/preview.mp4`,
      storyboard_url: `${loadConfig().PUBLIC_URL}/media/clips/${id}/r1/storyboard.vtt`,
    });
    expect(api.posters.map((poster: { url: string }) => poster.url)).toContain(
      `${CDN}/clips/${id}/r1/poster-320.webp`,
    );
    const found = await searchClips(parseExploreQuery(new URLSearchParams({ q: "lighthouse" })));
    expect(found.clips[0]).toMatchObject({ id, thumbnailUrl: `${CDN}/clips/${id}/r1/poster-640.webp` });
    const sitemap = await sitemapOf(id);
    expect(sitemap).toContain(
      `<video:thumbnail_loc>${CDN}/clips/${id}/r1/poster-640.webp</video:thumbnail_loc>`,
    );
    expect(sitemap).toContain(`<video:content_loc>${CDN}/clips/${id}/r1/preview.mp4</video:content_loc>`);

    // The stored row keeps the site's path.
    const [row] = await database.db.select().from(clips).where(eq(clips.id, id));
    expect(row?.thumbnailUrl).toBe(`/media/clips/${id}/r1/poster-640.webp`);
  });

  it("serves the storyboard with its sprite on the CDN, and lets pages load images and video from the CDN's origin", async () => {
    withMediaBase(CDN);
    const { id } = await clipWithRenditions("Lighthouse Storyboard");
    const answer = await storyboardThroughSite(`clips/${id}/r1/storyboard.vtt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/vtt/);
    expect(await answer.text()).toBe(
      `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${CDN}/clips/${id}/r1/storyboard.jpg#xywh=0,0,160,90\n`,
    );
    // A path that names no public storyboard goes on to /media's own answer.
    expect((await storyboardThroughSite(`clips/${id}/r1/missing.vtt`)).status).toBe(404);
    await storage().put(`clips/${id}/r1/hidden.vtt`, Buffer.from("WEBVTT\n"), { visibility: "private" });
    expect((await storyboardThroughSite(`clips/${id}/r1/hidden.vtt`)).status).toBe(404);
    expect((await storyboardThroughSite(".private/originals/1/x.vtt")).status).toBe(403);

    const policy = contentSecurityPolicy({ https: true, development: false, mediaOrigin: mediaOrigin() }, []);
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.test;");
    expect(policy).toContain("media-src 'self' blob: https://cdn.example.test;");
  });

  it("without it, every media URL is the site's /media path, as stored, and the policy allows only the site", async () => {
    const { id, folder } = await clipWithRenditions("Lighthouse at Noon");
    const { page, ogImage, api } = await pageAndApi(id);
    const origin = loadConfig().PUBLIC_URL;

    expect(page.clip).toMatchObject({
      thumbnailUrl: `${folder}/poster-640.webp`,
      previewUrl: `${folder}/preview.mp4`,
      storyboardUrl: `${folder}/storyboard.vtt`,
    });
    expect(ogImage).toBe(`${origin}${folder}/poster-640.webp`);
    expect(api).toMatchObject({ poster_url: `${origin}${folder}/poster-640.webp` });
    expect(await sitemapOf(id)).toContain(
      `<video:thumbnail_loc>https://verdeo.example${folder}/poster-640.webp`,
    );
    // The storyboard's text as stored.
    const answer = await storyboardThroughSite(`clips/${id}/r1/storyboard.vtt`);
    expect(await answer.text()).toContain(`\n${folder}/storyboard.jpg#xywh=0,0,160,90`);
    expect(
      contentSecurityPolicy({ https: true, development: false, mediaOrigin: mediaOrigin() }, []),
    ).toContain("img-src 'self' data: blob:; media-src 'self' blob:;");
  });
});
