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
import { type FrameModelLoaders, lookAtFrames, shippedModels } from "./frame-models.server";
import { classifyMotion, frameSteps, MOTION_FPS, MOTION_HEIGHT, MOTION_WIDTH } from "./motion";
import { colourSummary, labPixels } from "./palette";
import { MODEL_FRAME_HEIGHT, MODEL_FRAME_WIDTH, modelFrameSeconds } from "./seen-in-frames";

/**
 * Analyses a video file with one ffmpeg decode: the frames are scaled down once, then split three
 * ways: small colour frames for the palette, small grayscale frames for motion, and ffmpeg's
 * scene score for cuts; a few frames are also taken at 640x360 for the shipped models (people,
 * objects, adult content), whose failure leaves only their fields null. `folder` is a scratch
 * folder the caller removes.
 */
export async function analyseVideoFile(
  file: string,
  folder: string,
  durationSeconds: number,
  options: { signal?: AbortSignal; cpuBudgetMs?: number; models?: FrameModelLoaders } = {},
): Promise<ClipAnalysisResult> {
  const seconds = Math.max(0.1, durationSeconds);
  const paletteFps = (PALETTE_FRAMES / seconds).toFixed(4);
  const colourFile = path.join(folder, "palette.rgb");
  const grayFile = path.join(folder, "motion.gray");
  const scenesFile = path.join(folder, "scenes.txt");
  const modelFile = path.join(folder, "models.rgb");
  const modelSeconds = modelFrameSeconds(seconds);
  const step = modelSeconds.length > 1 ? modelSeconds[1]! - modelSeconds[0]! : seconds;
  // The first frame at or past the first moment, then one a step after the last one taken.
  const pick = `select='gte(t,${modelSeconds[0]})*isnan(prev_selected_t)+gte(t-prev_selected_t,${(step - 0.02).toFixed(2)})'`;
  const letterbox = `scale=${MODEL_FRAME_WIDTH}:${MODEL_FRAME_HEIGHT}:force_original_aspect_ratio=decrease:flags=area,pad=${MODEL_FRAME_WIDTH}:${MODEL_FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`;
  const graph = [
    "[0:v:0]split=2[full][small]",
    `[full]${pick},${letterbox},format=rgb24[models]`,
    "[small]scale=192:108:flags=fast_bilinear,format=yuv420p,split=3[c][m][s]",
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
      ...["-map", "[models]", "-frames:v", String(modelSeconds.length), "-f", "rawvideo", modelFile],
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
  const modelFrames = splitFrames(
    new Uint8Array(await readFile(modelFile)),
    MODEL_FRAME_WIDTH * MODEL_FRAME_HEIGHT * 3,
  ).map((rgb, i) => ({ second: modelSeconds[i] ?? 0, rgb }));
  const seen = await lookAtFrames(modelFrames, options.models ?? shippedModels);
  return {
    colour: colourSummary(pixels),
    camera: classifyMotion(motion.steps, { stride: motion.stride }),
    shots: { cuts, singleShot: cuts === 0, cutTimes: cutTimes.map((t) => Math.round(t * 100) / 100) },
    seconds: Math.round(seconds * 100) / 100,
    ...seen,
  };
}
