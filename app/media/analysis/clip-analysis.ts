import type { MotionResult } from "./motion";
import type { ColourSummary } from "./palette";

/**
 * What the analyser found in a clip, stored as JSON in clip_analysis (media/schema.server.ts).
 * Raise ANALYSER_VERSION whenever what it computes changes: clips analysed by an older version
 * are analysed again (media/jobs.server.ts).
 */
export const ANALYSER_VERSION = 1;

export interface ClipAnalysisResult {
  colour: ColourSummary;
  camera: MotionResult;
  shots: { cuts: number; singleShot: boolean; cutTimes: number[] };
  /** Seconds of video analysed. */
  seconds: number;
}

/** Frames sampled evenly through a clip for its palette, at this small size. */
export const PALETTE_FRAMES = 12;
export const PALETTE_WIDTH = 64;
export const PALETTE_HEIGHT = 36;

/** Splits raw frames of `bytesPerFrame` each (ffmpeg rawvideo) into a list. */
export function splitFrames(raw: Uint8Array, bytesPerFrame: number) {
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + bytesPerFrame <= raw.length; offset += bytesPerFrame)
    frames.push(raw.subarray(offset, offset + bytesPerFrame));
  return frames;
}

/** The index of the sampled motion frame that each cut lands after (pairs across a cut are skipped). */
export function cutFrameIndices(cutTimes: number[], fps: number) {
  return new Set(cutTimes.map((t) => Math.max(0, Math.ceil(t * fps) - 1)));
}
