import type { CatalogClip } from "~/catalog/clips/catalog-clip";
import { clipPath } from "~/catalog/clips/clip-id";
import { POSTER_WIDTHS } from "~/media/renditions/renditions.server";
import { attributionOf } from "../keys/attribution";

/** An app URL made absolute; media already on a CDN (MEDIA_BASE_URL) stays as it is. */
export const absolute = (origin: string, path: string) => new URL(path, origin).href;

export function presentClip(clip: CatalogClip, origin: string) {
  return {
    id: clip.id,
    title: clip.title,
    description: clip.description,
    url: absolute(origin, clipPath(clip.id)),
    duration_seconds: clip.durationSeconds,
    width: clip.width,
    height: clip.height,
    orientation: clip.orientation,
    license: clip.license,
    tone: clip.colorTone,
    mood: clip.mood,
    niche: { id: clip.nicheId, name: clip.nicheName },
    sub_niche: clip.subNicheName,
    creator: {
      id: clip.creatorId,
      name: clip.creatorName,
      username: clip.creatorUsername,
      profile_url: absolute(origin, `/profile/${clip.creatorId}`),
    },
    poster_url: absolute(origin, clip.thumbnailUrl),
    preview_url: clip.previewUrl ? absolute(origin, clip.previewUrl) : null,
    attribution: attributionOf(clip),
  };
}

const POSTER = /poster-(\d+)\.webp$/;

/** Every poster size of a clip the pipeline made; older clips have their one picture. */
export function postersOf(clip: Pick<CatalogClip, "thumbnailUrl" | "width">, origin: string) {
  if (!POSTER.test(clip.thumbnailUrl))
    return [{ width: clip.width, url: absolute(origin, clip.thumbnailUrl) }];
  return POSTER_WIDTHS.map((width) => ({
    width,
    url: absolute(origin, clip.thumbnailUrl.replace(POSTER, `poster-${width}.webp`)),
  }));
}
