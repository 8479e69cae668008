/**
 * The files a licensee can choose: the untouched original, the pipeline's 1080p and 720p
 * renditions where they exist, and `standard`, the clip's own video file for clips that predate
 * the pipeline (labelled with its real height).
 */
export const DOWNLOAD_VARIANTS = ["original", "1080p", "720p", "standard"] as const;
export type DownloadVariant = (typeof DOWNLOAD_VARIANTS)[number];

export const DOWNLOAD_VARIANT_LABELS: Record<DownloadVariant, (height: number | null) => string> = {
  original: () => "Original",
  "1080p": () => "Full HD 1080p",
  "720p": () => "HD 720p",
  standard: (height) => (height ? `${height}p` : "Standard"),
};

/** Lowercase ASCII words joined by hyphens, at most 48 characters: safe in any file system. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug || "clip";
}

/** `verdeo-{id}-{slug}-{size}.mp4`, e.g. `verdeo-12-quiet-lake-morning-720p.mp4`. */
export function downloadFileName(clipId: number, title: string, size: string): string {
  return `verdeo-${clipId}-${slugify(title)}-${size}.mp4`;
}
