import { MAX_DECODE_SECONDS } from "../renditions/media-rules";

/**
 * How much processing a clip may take, in proportion to the footage the rules allow it. Footage is
 * counted in "1080p seconds": seconds of the clip, times its pixels over 1080p's, times its frame
 * rate over 30 (never less than one of each), so two minutes of 4K at 60 fps weigh like 16 minutes
 * of 1080p at 30.
 */
const FULL_HD_PIXELS = 1920 * 1080;
const BASE_FRAME_RATE = 30;

export function footageSeconds(clip: {
  durationSeconds: number;
  width: number;
  height: number;
  frameRate: number;
}) {
  const seconds = Math.min(Math.max(clip.durationSeconds, 0), MAX_DECODE_SECONDS);
  const pixels = Math.max(1, (clip.width * clip.height) / FULL_HD_PIXELS);
  const rate = Math.max(1, (clip.frameRate || BASE_FRAME_RATE) / BASE_FRAME_RATE);
  return Math.ceil(seconds * pixels * rate);
}

/**
 * The render of a clip (one decode, every rendition) may use this much CPU time and wall time.
 * Measured here: a 1080p second costs about 0.6 s of CPU (decode, the 720p previews and the clean
 * 1080p/720p encodes at x264's veryfast); the budget gives five times that, plus a minute for
 * start-up. Wall time allows for a busy machine. A run past its CPU budget is the file's doing
 * (CPU time hardly depends on load), so the clip fails; past its wall budget it is retried.
 */
export const RENDER_CPU_MS_PER_FOOTAGE_SECOND = 3_000;
export const RENDER_WALL_MS_PER_FOOTAGE_SECOND = 4_000;
export const RENDER_BASE_MS = 60_000;

export function renderBudget(footage: number) {
  return {
    cpuMs: RENDER_BASE_MS + footage * RENDER_CPU_MS_PER_FOOTAGE_SECOND,
    wallMs: 2 * RENDER_BASE_MS + footage * RENDER_WALL_MS_PER_FOOTAGE_SECOND,
  };
}

/**
 * What one creator's uploads may render in a day (UTC), in 1080p seconds: two hours, sixty clips
 * of two minutes in 1080p or fifteen in 4K. Past it, clips wait for the next day with room; a clip
 * alone is never refused for its size (a day with nothing booked takes any one clip).
 */
export const CREATOR_DAILY_FOOTAGE_SECONDS = 2 * 3600;

const DAY_MS = 86_400_000;

/** The UTC day (midnight) `at` falls in. */
export function dayOf(at: Date) {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/**
 * The first day from `today` with room for `footage` more, given what is booked on each day
 * (`booked`: day start in ms → footage).
 */
export function firstDayWithRoom(
  today: Date,
  footage: number,
  booked: ReadonlyMap<number, number>,
  allowance = CREATOR_DAILY_FOOTAGE_SECONDS,
) {
  for (let day = dayOf(today).getTime(); ; day += DAY_MS) {
    const used = booked.get(day) ?? 0;
    if (used === 0 || used + footage <= allowance) return new Date(day);
  }
}

/** The creator's note on a clip that waits for a later day. */
export function waitingMessage(startsAt: Date) {
  const day = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(startsAt);
  return `Today's processing allowance is used: this clip starts processing on ${day} at 00:00 UTC.`;
}
