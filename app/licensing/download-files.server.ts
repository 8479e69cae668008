import type { LifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import type { ClipRendition } from "~/media/renditions/clip-renditions.server";
import { keyFromMediaUrl } from "~/platform/storage/driver.server";
import { DOWNLOAD_VARIANT_LABELS, type DownloadVariant, downloadFileName } from "./variants";

export interface DownloadFile {
  variant: DownloadVariant;
  label: string;
  /** Storage key of the file. */
  key: string;
  /** What the buyer's browser saves it as. */
  fileName: string;
  height: number | null;
  sizeBytes: number | null;
}

type DownloadableClip = Pick<
  LifecycleClip,
  "id" | "title" | "originalKey" | "width" | "height" | "fileSizeBytes" | "videoUrl" | "previewUrl"
>;

/**
 * How much a rendition's size may differ from the original's and still be the same file: a copy of
 * the original into a rendition (an original already in its form is remuxed, not encoded) changes
 * only the container around the same streams, a fraction of a percent.
 */
const SAME_SIZE_TOLERANCE = 0.01;

/** True when a rendition is the original again: same pixels, same size. */
function repeatsOriginal(clip: DownloadableClip, rendition: ClipRendition) {
  if (!clip.fileSizeBytes) return false;
  return (
    rendition.width === clip.width &&
    rendition.height === clip.height &&
    Math.abs(rendition.sizeBytes - clip.fileSizeBytes) <= clip.fileSizeBytes * SAME_SIZE_TOLERANCE
  );
}

/**
 * The files a licensee may choose from: the private original when the studio kept one and the
 * pipeline's clean 1080p and 720p renditions where the original was large enough, else the clip's
 * own video file (clips that predate the media pipeline have nothing else) unless that file is the
 * watermarked preview (a demo clip between its preview and full passes has only that: nothing is
 * offered until its licensee files are in, server/seed/demo-preview-pass.ts). An original that a
 * rendition repeats is not offered: two choices of one file ("Original 2.1 MB", "HD 720p 2.1 MB")
 * ask the buyer to tell apart what is the same.
 */
export function downloadFiles(
  clip: DownloadableClip,
  renditions: readonly ClipRendition[] = [],
): DownloadFile[] {
  const files: DownloadFile[] = [];
  const file = (variant: DownloadVariant, key: string, height: number | null, sizeBytes: number | null) => ({
    variant,
    label: DOWNLOAD_VARIANT_LABELS[variant](height),
    key,
    fileName: downloadFileName(clip.id, clip.title, variant === "original" ? "original" : `${height}p`),
    height,
    sizeBytes,
  });
  if (clip.originalKey && !renditions.some((rendition) => repeatsOriginal(clip, rendition)))
    files.push(file("original", clip.originalKey, clip.height, clip.fileSizeBytes));
  // Largest first, as the dialog lists them.
  for (const name of ["1080p", "720p"] as const) {
    const rendition = renditions.find((candidate) => candidate.name === name);
    if (!rendition) continue;
    const made = file(name, rendition.storageKey, rendition.height, rendition.sizeBytes);
    // Named by its shorter side, as the dialog labels it (a portrait 720p file is 720 wide).
    files.push({ ...made, fileName: downloadFileName(clip.id, clip.title, name) });
  }
  const playback = keyFromMediaUrl(clip.videoUrl);
  if (playback && clip.videoUrl !== clip.previewUrl && !clip.originalKey) {
    files.push(file("standard", playback, clip.height, null));
  }
  return files;
}
