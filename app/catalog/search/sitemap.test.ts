import { describe, expect, it } from "vitest";
import {
  CLIPS_PER_SITEMAP,
  clipSitemapPart,
  clipSitemapRange,
  clipUrlXml,
  LAST_CLIP_SITEMAP_PART,
  pagesSitemapXml,
  parseClipSitemapFile,
  SITEMAP_DESCRIPTION_MAX,
  SITEMAP_PAGES,
  SITEMAP_TITLE_MAX,
} from "./sitemap";

describe("clip sitemap files", () => {
  it("a file covers a fixed range of ids, so a clip never moves between files", () => {
    expect(clipSitemapRange(0)).toEqual({ first: 0, last: CLIPS_PER_SITEMAP - 1 });
    expect(clipSitemapPart(CLIPS_PER_SITEMAP - 1)).toBe(0);
    expect(clipSitemapPart(CLIPS_PER_SITEMAP)).toBe(1);
    expect(clipSitemapRange(LAST_CLIP_SITEMAP_PART).last).toBe(2 ** 31 - 1);
    expect(CLIPS_PER_SITEMAP).toBeLessThanOrEqual(50_000);
  });

  it("accepts only N.xml with N a part that can exist", () => {
    expect(parseClipSitemapFile("0.xml")).toBe(0);
    expect(parseClipSitemapFile("42.xml")).toBe(42);
    for (const name of [
      undefined,
      "",
      "x.xml",
      "-1.xml",
      "1",
      "1.xml.gz",
      "1e3.xml",
      " 1.xml",
      "1234567.xml",
    ])
      expect(parseClipSitemapFile(name), String(name)).toBeUndefined();
    expect(parseClipSitemapFile(`${LAST_CLIP_SITEMAP_PART + 1}.xml`)).toBeUndefined();
  });

  it("a full file of the longest titles and descriptions stays under the protocol's 50 MB", () => {
    const entry = clipUrlXml("https://verdeo.example.com", {
      id: 2_147_483_647,
      title: "Golden hour over the quiet lake ".repeat(10),
      description: "Slow light on still water, mist over the far shore. ".repeat(100),
      thumbnailUrl: `/media/clips/2147483647/${"a".repeat(12)}/poster-640.webp`,
      previewUrl: `/media/clips/2147483647/${"a".repeat(12)}/preview.mp4`,
      videoUrl: "",
      durationSeconds: 120,
      createdAt: new Date(),
    });
    expect(entry).toContain(
      `<video:title>${"Golden hour over the quiet lake "
        .repeat(4)
        .slice(0, SITEMAP_TITLE_MAX - 1)
        .trimEnd()}…</video:title>`,
    );
    expect(entry.match(/<video:description>([^<]*)</)![1]!.length).toBeLessThanOrEqual(
      SITEMAP_DESCRIPTION_MAX,
    );
    expect(Buffer.byteLength(entry) * CLIPS_PER_SITEMAP).toBeLessThan(50 * 1024 * 1024);
  });
});

describe("the pages sitemap", () => {
  it("lists every public page in every language, each naming all its languages and English as the default", () => {
    const xml = pagesSitemapXml("https://verdeo.example");
    const urls = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(.*?)<\/url>/g)];
    expect(urls).toHaveLength(SITEMAP_PAGES.length * 6);
    const pricing = urls.find((url) => url[1] === "https://verdeo.example/de/pricing");
    expect(pricing?.[2]).toContain('hreflang="ja" href="https://verdeo.example/ja/pricing"');
    expect(pricing?.[2]).toContain('hreflang="x-default" href="https://verdeo.example/pricing"');
    expect(urls.map((url) => url[1])).toContain("https://verdeo.example/pt-br");
  });
});
