/**
 * What a model or property release upload must be (docs/decisions/0027-clip-analysis.md,
 * "Releases"): checked on the server by its bytes, not by the name or type the browser sends.
 */
export const RELEASE_KINDS = ["model", "property"] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

export const RELEASE_MAX_BYTES = 10 * 1024 * 1024;
export const RELEASES_PER_CLIP_MAX = 20;
export const RELEASE_PERSONS_MAX = 50;
export const RELEASE_FILE_NAME_MAX = 120;

export const RELEASE_KIND_LABELS: Record<ReleaseKind, string> = {
  model: "Model release",
  property: "Property release",
};

export const RELEASE_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export type ReleaseContentType = (typeof RELEASE_CONTENT_TYPES)[number];

const EXTENSIONS: Record<ReleaseContentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};
export const extensionOf = (type: ReleaseContentType) => EXTENSIONS[type];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/** The file's type by its first bytes (PDF, JPEG, PNG or WebP), or null for anything else. */
export function sniffReleaseType(bytes: Uint8Array): ReleaseContentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp"; // RIFF....WEBP
  return null;
}

/**
 * The name a release is listed and downloaded under: the last path segment, without control
 * characters, trimmed to RELEASE_FILE_NAME_MAX; null when nothing is left or it holds a NUL (a
 * name with a NUL is a forged request, refused rather than cleaned).
 */
export function cleanReleaseFileName(name: string): string | null {
  if (name.includes("\0")) return null;
  const last = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = last.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return cleaned ? cleaned.slice(0, RELEASE_FILE_NAME_MAX) : null;
}
