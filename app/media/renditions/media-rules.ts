/** What makes an upload a usable clip, and what its creator reads when it is not. */
export const MIN_CLIP_SECONDS = 3;
export const MAX_CLIP_SECONDS = 120;
/** No side under 720 and at least 1280x720 worth of pixels (portrait 720x1280 and square 1080x1080 are fine). */
export const MIN_LONG_SIDE = 1280;
export const MIN_SHORT_SIDE = 720;

/**
 * Every ffmpeg run on an upload stops here, whatever its header claims (a header can say 4 s over
 * 150 s of frames): the longest clip plus a margin, so a file just past the limit is still seen to be
 * past it. A frame count bounds a file whose timestamps lie instead (a thousand frames a "second").
 */
export const DECODE_MARGIN_SECONDS = 2;
export const MAX_DECODE_SECONDS = MAX_CLIP_SECONDS + DECODE_MARGIN_SECONDS;
export const MAX_FRAME_RATE = 240;
export const MAX_DECODE_FRAMES = MAX_DECODE_SECONDS * MAX_FRAME_RATE;

export const MEDIA_FAILURES = {
  notVideo: "This file is not a video.",
  unreadable: "This video could not be read: the file may be damaged or incomplete. Please upload it again.",
  tooShort: `Clips must be at least ${MIN_CLIP_SECONDS} seconds long.`,
  tooLong: `Clips can be at most ${MAX_CLIP_SECONDS} seconds long.`,
  tooSmall: `Clips must be at least ${MIN_LONG_SIDE}x${MIN_SHORT_SIDE}.`,
  tooManyFrames: `Clips can be at most ${MAX_CLIP_SECONDS} seconds at up to ${MAX_FRAME_RATE} frames per second.`,
  overBudget:
    "Processing this video took far longer than a clip of its length should: the file may be damaged. Please export it again and upload it.",
  stuck: "Processing did not finish. Please upload the file again.",
} as const;
