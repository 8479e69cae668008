/**
 * What the frames come from: a file (an upload's original), or a still and the filters that make
 * moving frames of it (the demo's camera moves, see server/seed/demo-camera.ts), so a clip made
 * from a photograph gets its renditions without a video encoded and decoded on the way.
 */
export type RenditionSource = string | StillSource;
export interface StillSource {
  still: string;
  /** Applied once, to the still itself, before it is repeated (a grade costs a frame's work). */
  stillFilters: string[];
  /** Applied to every frame (fades, a camera move); `t` runs from 0 and the frames are yuv420p. */
  frameFilters: string[];
  fps: number;
}

/**
 * The filter chain that makes `durationSeconds` of frames from a still: decoded once, repeated
 * (`loop`), timed and cut to length, then moved frame by frame.
 */
export function stillFrames(source: StillSource, durationSeconds: number) {
  return [
    ...source.stillFilters,
    "format=yuv420p",
    "loop=loop=-1:size=1",
    `fps=${source.fps}`,
    `trim=end_frame=${Math.round(durationSeconds * source.fps)}`,
    ...source.frameFilters,
  ].join(",");
}

/** The frame a clip's poster is taken from: a third in, away from fades at either end. */
export const posterSeconds = (durationSeconds: number) =>
  Math.max(0, Math.min(durationSeconds / 3, durationSeconds - 0.5));
