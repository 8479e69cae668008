import { readFile, stat } from "node:fs/promises";
import { recordClipMedia } from "~/catalog/clips/clip-lifecycle.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { renditionPrefix, storePosters, storePublicRenditions } from "~/media/processing/pipeline.server";
import { fitShortSide, PREVIEW_SHORT_SIDE, renderRenditions } from "~/media/renditions/renditions.server";
import { posterSeconds } from "~/media/renditions/still-source";
import { withTemporaryDirectory } from "~/platform/temp-files.server";
import { DEMO_FPS, DEMO_SIZES, demoCameraSource } from "./demo-camera";
import type { DemoClip } from "./demo-content";

/**
 * A published demo clip's first pass: its posters, previews, storyboard, fingerprint and tone made
 * in one ffmpeg run straight from its photograph's camera move, at the preview's size. Nothing is
 * encoded to be decoded again: no original is made (licensees' files come with the full pass, from
 * its 1080p original), and the poster frame comes out of the same run.
 */

/** The full pass replaces the preview pass's files within minutes: a faster preset gets the catalogue playable sooner. */
export const DEMO_PREVIEW_PRESET = "superfast";

/** The frames the preview pass renders: the clip's frame at the watermarked preview's size. */
export const demoPreviewSize = (clip: DemoClip) => {
  const { width, height } = DEMO_SIZES[clip.orientation];
  return fitShortSide(width, height, PREVIEW_SHORT_SIDE);
};

/** Where the preview pass's public files live: a folder of their own, which the full pass removes. */
export const demoPreviewPrefix = (clipId: number) => renditionPrefix(clipId, `demo/previews/${clipId}`);

/**
 * Renders and stores a published demo clip's preview-pass files and records its media columns as
 * the pipeline does for an original of the preview's size (no original key, no file size: there is
 * no original). The clip keeps its status; the search index sees its new tone.
 */
export async function renderDemoPreviews(clip: DemoClip, signal?: AbortSignal) {
  const size = demoPreviewSize(clip);
  const prefix = demoPreviewPrefix(clip.id);
  const seconds = clip.durationSeconds;
  const media = await withTemporaryDirectory("verdeo-demo-preview", async (work) => {
    const source = await demoCameraSource(clip, size, work);
    const files = await renderRenditions(
      source,
      work,
      {
        ...size,
        durationSeconds: seconds,
        orientation: clip.orientation,
        posterAtSeconds: posterSeconds(seconds),
      },
      { signal, previewPreset: DEMO_PREVIEW_PRESET },
    );
    const thumbnailUrl = await storePosters(prefix, await readFile(files.poster!));
    const rendered = await storePublicRenditions(prefix, files, seconds);
    const previewBytes = (await stat(files.preview)).size;
    return {
      ...rendered,
      thumbnailUrl,
      durationSeconds: seconds,
      ...size,
      orientation: clip.orientation,
      frameRate: DEMO_FPS,
      codec: "h264",
      bitrate: Math.round((previewBytes * 8) / seconds),
    };
  });
  await recordClipMedia(clip.id, media);
  await refreshSearchIndex([clip.id]);
  return media;
}
