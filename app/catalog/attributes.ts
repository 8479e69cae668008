/** The closed sets of clip attributes; the database enforces the same values. */
export const LICENSES = ["standard", "extended"] as const;
export const ORIENTATIONS = ["landscape", "portrait", "square"] as const;
export const COLOR_TONES = ["warm", "cool", "neutral"] as const;
export const MOODS = ["cinematic", "calm", "energetic"] as const;
export const DURATIONS = ["short", "medium", "long"] as const;

export type License = (typeof LICENSES)[number];
export type Orientation = (typeof ORIENTATIONS)[number];
export type ColorTone = (typeof COLOR_TONES)[number];
export type Mood = (typeof MOODS)[number];
export type DurationBucket = (typeof DURATIONS)[number];
