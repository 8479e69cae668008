import { readFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg } from "../processing/ffmpeg.server";
import {
  type ClipAnalysisResult,
  cutFrameIndices,
  PALETTE_FRAMES,
  PALETTE_HEIGHT,
  PALETTE_WIDTH,
  splitFrames,
} from "./clip-analysis";
import { countCuts, SCENE_THRESHOLD, sceneChangeTimes } from "./cuts";
import { classifyMotion, frameSteps, MOTION_FPS, MOTION_HEIGHT, MOTION_WIDTH } from "./motion";
import { colourSummary, labPixels } from "./palette";

/**
 * Analyses a video file with one ffmpeg decode: the frames are scaled down once, then split three
 * ways: small colour frames for the palette, small grayscale frames for motion, and ffmpeg's
 * scene score for cuts. `folder` is a scratch folder the caller removes.
 */
export async function analyseVideoFile(
  file: string,
  folder: string,
  durationSeconds: number,
  options: { signal?: AbortSignal; cpuBudgetMs?: number } = {},
): Promise<ClipAnalysisResult> {
  const seconds = Math.max(0.1, durationSeconds);
  const paletteFps = (PALETTE_FRAMES / seconds).toFixed(4);
  const colourFile = path.join(folder, "palette.rgb");
  const grayFile = path.join(folder, "motion.gray");
  const scenesFile = path.join(folder, "scenes.txt");
  const graph = [
    "[0:v:0]scale=192:108:flags=fast_bilinear,format=yuv420p,split=3[c][m][s]",
    `[c]fps=${paletteFps},scale=${PALETTE_WIDTH}:${PALETTE_HEIGHT}:flags=area,format=rgb24[colour]`,
    `[m]fps=${MOTION_FPS},scale=${MOTION_WIDTH}:${MOTION_HEIGHT}:flags=area,format=gray[motion]`,
    `[s]select='gt(scene,${SCENE_THRESHOLD})',metadata=print:file='${scenesFile.replaceAll("'", "\\'")}',nullsink`,
  ].join(";");
  await runFfmpeg(
    [
      // Decoding threads beyond two only add overhead for this small work.
      ...["-threads", "2", "-i", file, "-an", "-sn", "-dn", "-filter_complex", graph],
      ...["-map", "[colour]", "-frames:v", String(PALETTE_FRAMES), "-f", "rawvideo", colourFile],
      ...["-map", "[motion]", "-f", "rawvideo", grayFile],
    ],
    { timeoutMs: 10 * 60_000, signal: options.signal, cpuBudgetMs: options.cpuBudgetMs },
  );
  const colourFrames = splitFrames(
    new Uint8Array(await readFile(colourFile)),
    PALETTE_WIDTH * PALETTE_HEIGHT * 3,
  );
  const grayFrames = splitFrames(new Uint8Array(await readFile(grayFile)), MOTION_WIDTH * MOTION_HEIGHT);
  const cutTimes = sceneChangeTimes(await readFile(scenesFile, "utf8").catch(() => ""));
  const cuts = countCuts(cutTimes);
  const motion = frameSteps(grayFrames, cutFrameIndices(cutTimes, MOTION_FPS));
  const pixels = colourFrames.flatMap((frame) => labPixels(frame));
  return {
    colour: colourSummary(pixels),
    camera: classifyMotion(motion.steps, { stride: motion.stride }),
    shots: { cuts, singleShot: cuts === 0, cutTimes: cutTimes.map((t) => Math.round(t * 100) / 100) },
    seconds: Math.round(seconds * 100) / 100,
  };
}
