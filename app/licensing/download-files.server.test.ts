import { describe, expect, it } from "vitest";
import type { ClipRendition } from "~/media/renditions/clip-renditions.server";
import { downloadFiles } from "./download-files.server";

/** A studio clip with a 1280x720 original of 2.1 MB. */
const clip = {
  id: 7,
  title: "Harbour Dawn",
  originalKey: "originals/7.mp4",
  width: 1280,
  height: 720,
  fileSizeBytes: 2_100_000,
  videoUrl: "/media/clips/7/preview.mp4",
  previewUrl: null,
};

function rendition(name: ClipRendition["name"], changes: Partial<ClipRendition> = {}): ClipRendition {
  const height = name === "1080p" ? 1080 : 720;
  return {
    name,
    storageKey: `renditions/7/${name}.mp4`,
    width: (height * 16) / 9,
    height,
    sizeBytes: 2_100_000,
    method: "encode",
    ...changes,
  };
}

const offered = (files: ReturnType<typeof downloadFiles>) =>
  files.map((file) => `${file.label} ${file.sizeBytes}`);

describe("the files the download dialog offers", () => {
  it("leaves out an original that a rendition repeats (same pixels, same size)", () => {
    const copied = rendition("720p", { sizeBytes: 2_098_500, method: "remux" });
    expect(offered(downloadFiles(clip, [copied]))).toEqual(["HD 720p 2098500"]);
    const large = { ...clip, width: 1920, height: 1080, fileSizeBytes: 9_000_000 };
    const fullHd = rendition("1080p", { sizeBytes: 9_000_000, method: "remux" });
    expect(offered(downloadFiles(large, [fullHd, rendition("720p")]))).toEqual([
      "Full HD 1080p 9000000",
      "HD 720p 2100000",
    ]);
  });

  it("offers the original beside a rendition of other pixels", () => {
    const large = { ...clip, width: 1920, height: 1080, fileSizeBytes: 9_000_000 };
    expect(offered(downloadFiles(large, [rendition("720p")]))).toEqual([
      "Original 9000000",
      "HD 720p 2100000",
    ]);
  });

  it("offers the original beside a rendition of the same pixels but another size (a new encode)", () => {
    const encoded = rendition("720p", { sizeBytes: 1_400_000 });
    expect(offered(downloadFiles(clip, [encoded]))).toEqual(["Original 2100000", "HD 720p 1400000"]);
  });

  it("offers the original when its size is unknown, as nothing shows it repeated", () => {
    const unknown = { ...clip, fileSizeBytes: null };
    expect(offered(downloadFiles(unknown, [rendition("720p")]))).toEqual([
      "Original null",
      "HD 720p 2100000",
    ]);
  });

  it("offers a clip's own video file when it has nothing else, but never its watermarked preview", () => {
    const older = { ...clip, originalKey: null, videoUrl: "/media/legacy/7.mp4", previewUrl: null };
    expect(offered(downloadFiles(older))).toEqual(["720p null"]);
    // A demo clip between its preview pass and its full pass: previews only, no licensee file yet.
    const previewed = { ...clip, originalKey: null, previewUrl: clip.videoUrl };
    expect(downloadFiles(previewed)).toEqual([]);
  });
});
