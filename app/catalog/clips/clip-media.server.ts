import { withPublicMediaUrls } from "~/platform/storage/public-media.server";

/**
 * The public media of a clip as the catalogue hands it to pages, the API and sitemaps: each a
 * `publicMediaUrl` (a CDN's address with MEDIA_BASE_URL, docs/deploy.md "Media: S3 and a CDN").
 * Avatars stay on the site: the browser shows only `/media/` avatars (accounts/profiles/avatar-fallback.ts).
 */
const CLIP_MEDIA_FIELDS = [
  "thumbnailUrl",
  "videoUrl",
  "previewUrl",
  "previewSmallUrl",
  "storyboardUrl",
] as const;

type ClipMedia = Partial<Record<(typeof CLIP_MEDIA_FIELDS)[number], string | null>>;

export function withClipMedia<T extends ClipMedia>(clip: T): T {
  return withPublicMediaUrls(clip, CLIP_MEDIA_FIELDS as readonly (keyof T)[]);
}

export const withClipsMedia = <T extends ClipMedia>(clips: T[]): T[] => clips.map(withClipMedia);
