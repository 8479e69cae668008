import { describe, expect, it } from "vitest";
import { mediaOrigin, mediaUrlOn } from "./public-media.server";

const CDN = "https://cdn.example.com/media";

describe("public media URLs", () => {
  it("leaves every URL as stored without a media base", () => {
    expect(mediaUrlOn(undefined, "/media/clips/1/a/poster-640.webp")).toBe(
      "/media/clips/1/a/poster-640.webp",
    );
  });

  it("puts a /media/ path's key under the base, with or without a trailing slash, keeping a fragment", () => {
    expect(mediaUrlOn(CDN, "/media/clips/1/a/poster-640.webp")).toBe(`${CDN}/clips/1/a/poster-640.webp`);
    expect(mediaUrlOn(`${CDN}/`, "/media/clips/1/a/preview.mp4")).toBe(`${CDN}/clips/1/a/preview.mp4`);
    expect(mediaUrlOn("https://bucket.s3.example.com", "/media/avatars/u/1.webp")).toBe(
      "https://bucket.s3.example.com/avatars/u/1.webp",
    );
    expect(mediaUrlOn(CDN, "/media/clips/1/a/storyboard.jpg#xywh=0,0,160,90")).toBe(
      `${CDN}/clips/1/a/storyboard.jpg#xywh=0,0,160,90`,
    );
  });

  it("never moves signed links, presigned downloads, other site paths or outside URLs", () => {
    for (const url of [
      "/signed/originals/1/x.mp4?expires=1&signature=abc",
      "https://bucket.s3.example.com/.private/originals/1/x.mp4?X-Amz-Signature=abc",
      "/processing-poster.svg",
      "https://images.example.org/photo.jpg",
      "/mediafile.jpg",
      "",
    ])
      expect(mediaUrlOn(CDN, url)).toBe(url);
  });

  it("keeps WebVTT storyboards on the site (fetched by script; the site rewrites their sprites)", () => {
    expect(mediaUrlOn(CDN, "/media/clips/1/a/storyboard.vtt")).toBe("/media/clips/1/a/storyboard.vtt");
    expect(mediaUrlOn(CDN, "/media/clips/1/a/storyboard.VTT?v=2")).toBe(
      "/media/clips/1/a/storyboard.VTT?v=2",
    );
  });

  it("names the base's origin for the Content-Security-Policy", () => {
    expect(mediaOrigin(CDN)).toBe("https://cdn.example.com");
    expect(mediaOrigin("http://127.0.0.1:9000/verdeo")).toBe("http://127.0.0.1:9000");
    expect(mediaOrigin(undefined)).toBeUndefined();
  });
});
