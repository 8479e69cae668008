/** The closed sets of clip attributes; the database enforces the same values. */
export const LICENSES = ["standard", "extended"] as const;
export const ORIENTATIONS = ["landscape", "portrait", "square"] as const;
export const COLOR_TONES = ["warm", "cool", "neutral"] as const;
export const MOODS = ["cinematic", "calm", "energetic"] as const;
export const DURATIONS = ["short", "medium", "long"] as const;
/**
 * A clip's life: uploaded (processing) → processed (needs details) → submitted (in review) → published,
 * or rejected by a reviewer, failed in processing, unpublished by its creator or by staff. Only
 * published clips are in the public catalogue.
 */
export const CLIP_STATUSES = [
  "processing",
  "needs_details",
  "in_review",
  "published",
  "rejected",
  "failed",
  "unpublished",
] as const;

export type License = (typeof LICENSES)[number];
export type Orientation = (typeof ORIENTATIONS)[number];
export type ColorTone = (typeof COLOR_TONES)[number];
export type Mood = (typeof MOODS)[number];
export type DurationBucket = (typeof DURATIONS)[number];
export type ClipStatus = (typeof CLIP_STATUSES)[number];

/** Resolution bands by the frame's shorter side, so a portrait 4K clip is 4K too. */
export const RESOLUTIONS = ["4k", "1080p", "720p", "sd"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
/** The shorter side from which a band starts (sd: anything below 720). */
export const RESOLUTION_MIN_SIDE: Record<Resolution, number> = {
  "4k": 2160,
  "1080p": 1080,
  "720p": 720,
  sd: 0,
};
export const RESOLUTION_LABELS: Record<Resolution, string> = {
  "4k": "4K",
  "1080p": "Full HD",
  "720p": "HD",
  sd: "SD",
};
