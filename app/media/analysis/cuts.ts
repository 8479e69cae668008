/**
 * Shot structure from ffmpeg's scene detection (`select='gt(scene,T)'` with `metadata=print`):
 * the times of the frames whose scene score passed the threshold, counted as cuts.
 */
export const SCENE_THRESHOLD = 0.3;
/** Two detections closer than this are one cut (a dissolve or a flash scores on several frames). */
const MIN_CUT_GAP_SECONDS = 0.5;

/** The scene-change times in ffmpeg's `metadata=print` output ("frame:N pts:P pts_time:T" lines). */
export function sceneChangeTimes(printed: string) {
  const times: number[] = [];
  for (const match of printed.matchAll(/pts_time:([\d.]+)/g)) times.push(Number(match[1]));
  return times;
}

/** Cuts after merging detections closer than MIN_CUT_GAP_SECONDS; the first frame is never a cut. */
export function countCuts(times: number[]) {
  const sorted = [...times].filter((t) => t > 0.05).sort((a, b) => a - b);
  let cuts = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const t of sorted) {
    if (t - last >= MIN_CUT_GAP_SECONDS) cuts++;
    last = t;
  }
  return cuts;
}
