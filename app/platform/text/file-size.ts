/**
 * A file's size as every page shows it: decimal units (1 MB = 1,000,000 bytes, as operating
 * systems' file browsers and download managers count), one decimal from MB up. One formatter for
 * the clip page, the download page and the studio, so one file never shows two sizes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}
