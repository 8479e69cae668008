import type { MotionResult } from "./motion";
import type { ColourSummary } from "./palette";

/**
 * What the analyser found in a clip, stored as JSON in clip_analysis (media/schema.server.ts).
 * Raise ANALYSER_VERSION whenever what it computes changes: clips analysed by an older version
 * are analysed again (media/jobs.server.ts).
 */
export const ANALYSER_VERSION = 2;

export interface ClipAnalysisResult {
  colour: ColourSummary;
  camera: MotionResult;
  shots: { cuts: number; singleShot: boolean; cutTimes: number[] };
  /** Seconds of video analysed. */
  seconds: number;
  /**
   * What the shipped models saw in sampled frames; absent in results of version 1 and null when a
   * model failed (the rest of the analysis is kept; the job tries the models again later).
   */
  people?: SeenPeople | null;
  objects?: SeenObject[] | null;
  adult?: AdultContentScore | null;
}

/** People in the sampled frames. */
export interface SeenPeople {
  /** The most persons visible in one sampled frame. */
  maxCount: number;
  /** Share (0–1) of the sampled frames that show at least one person. */
  frameShare: number;
  /** The most faces in one frame large and sharp enough to recognise someone by. */
  recognisableFaces: number;
  /** Per sampled frame: its moment in the clip, persons and recognisable faces seen. */
  frames: { second: number; persons: number; faces: number }[];
}

/** A common object seen in the sampled frames (a candidate keyword). */
export interface SeenObject {
  label: string;
  /** Share (0–1) of the sampled frames it was found in. */
  frameShare: number;
}

/** A shipped classifier's adult-content score, for the review queue only. */
export interface AdultContentScore {
  /** The highest frame's probability (0–1) of adult content. */
  score: number;
  /** The sampled frames scoring highest, with their moment in the clip. */
  frames: { second: number; score: number }[];
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
