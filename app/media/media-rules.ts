/** What makes an upload a usable clip, and what its creator reads when it is not. */
export const MIN_CLIP_SECONDS = 3;
export const MAX_CLIP_SECONDS = 120;
/** No side under 720 and at least 1280x720 worth of pixels (portrait 720x1280 and square 1080x1080 are fine). */
export const MIN_LONG_SIDE = 1280;
export const MIN_SHORT_SIDE = 720;

export const MEDIA_FAILURES = {
  notVideo: "This file is not a video.",
  unreadable: "This video could not be read: the file may be damaged or incomplete. Please upload it again.",
  tooShort: `Clips must be at least ${MIN_CLIP_SECONDS} seconds long.`,
  tooLong: `Clips can be at most ${MAX_CLIP_SECONDS} seconds long.`,
  tooSmall: `Clips must be at least ${MIN_LONG_SIDE}x${MIN_SHORT_SIDE}.`,
  stuck: "Processing did not finish. Please upload the file again.",
} as const;
