/** The closed sets of clip attributes; the database enforces the same values. */
export const LICENSES = ["standard", "extended"] as const;
export const ORIENTATIONS = ["landscape", "portrait", "square"] as const;
export const COLOR_TONES = ["warm", "cool", "neutral"] as const;
export const MOODS = ["cinematic", "calm", "energetic"] as const;
export const DURATIONS = ["short", "medium", "long"] as const;
/** What the analysis sees (media/analysis/): the camera's move, measured, not typed. */
export const CAMERA_MOTIONS = ["static", "pan", "tilt", "zoom", "handheld"] as const;
/** The colour names a clip's dominant colours are filed under (and buyers filter by). */
export const COLOUR_NAMES = [
  "red",
  "orange",
  "yellow",
  "green",
  "teal",
  "blue",
  "purple",
  "pink",
  "brown",
  "black",
  "white",
  "gray",
] as const;
/** Each colour name at a typical sRGB value: Explore's swatch, and what the analysis names colours by. */
export const COLOUR_SWATCHES: Record<(typeof COLOUR_NAMES)[number], string> = {
  red: "#c81e23",
  orange: "#eb821e",
  yellow: "#ebd732",
  green: "#3c963c",
  teal: "#1e8c8c",
  blue: "#285ac8",
  purple: "#783ca0",
  pink: "#eb82b4",
  brown: "#78502d",
  black: "#0f0f0f",
  white: "#f5f5f5",
  gray: "#808080",
};
export const CAMERA_MOTION_LABELS: Record<(typeof CAMERA_MOTIONS)[number], string> = {
  static: "Static",
  pan: "Pan",
  tilt: "Tilt",
  zoom: "Zoom",
  handheld: "Handheld",
};
/** "single": the analysis found no cut. */
export const SHOTS = ["single"] as const;
/** People the analysis saw (the most in one frame): none, one, two or more (seen-people.ts). */
export const PEOPLE_FILTERS = ["none", "one", "many"] as const;
export const PEOPLE_FILTER_LABELS: Record<(typeof PEOPLE_FILTERS)[number], string> = {
  none: "No people",
  one: "One person",
  many: "Two or more",
};
/** "covered": people are seen and model releases cover them. */
export const RELEASE_FILTERS = ["covered"] as const;
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
export type CameraMotionFilter = (typeof CAMERA_MOTIONS)[number];
export type ColourName = (typeof COLOUR_NAMES)[number];
export type Shot = (typeof SHOTS)[number];
export type PeopleFilter = (typeof PEOPLE_FILTERS)[number];
export type ReleaseFilter = (typeof RELEASE_FILTERS)[number];
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
