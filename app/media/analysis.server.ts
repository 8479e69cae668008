import { ffmpegOutput } from "./ffmpeg.server";
import { colorToneOf, differenceHash, HASH_FRAME_HEIGHT, HASH_FRAME_WIDTH } from "./frame-analysis";

/** Frames sampled for the fingerprint and the colour tone, at the middle of equal slices of the clip. */
export const SAMPLED_FRAMES = 8;

/** Seeking before `-i` jumps to the nearest keyframe first: a few decoded frames per sample, not the clip. */
async function sampleFrame(file: string, atSeconds: number) {
  return ffmpegOutput([
    ...["-ss", atSeconds.toFixed(3), "-i", file, "-map", "0:v:0", "-frames:v", "1"],
    ...["-vf", `scale=${HASH_FRAME_WIDTH}:${HASH_FRAME_HEIGHT}:flags=area,format=rgb24`],
    ...["-f", "rawvideo", "pipe:1"],
  ]);
}

/** The perceptual fingerprint (one dHash per sampled frame) and the colour tone of a clip. */
export async function analyseFrames(file: string, durationSeconds: number) {
  const frames: Uint8Array[] = [];
  for (let index = 0; index < SAMPLED_FRAMES; index++) {
    const at = ((index + 0.5) / SAMPLED_FRAMES) * durationSeconds;
    const frame = await sampleFrame(file, at);
    if (frame.length === HASH_FRAME_WIDTH * HASH_FRAME_HEIGHT * 3) frames.push(new Uint8Array(frame));
  }
  return { fingerprint: frames.map(differenceHash), colorTone: colorToneOf(frames) };
}

/** One full-size frame as PNG (the poster is made from it). */
export async function grabFrame(file: string, atSeconds: number) {
  return ffmpegOutput([
    ...["-ss", atSeconds.toFixed(3), "-i", file, "-map", "0:v:0", "-frames:v", "1"],
    ...["-f", "image2pipe", "-c:v", "png", "pipe:1"],
  ]);
}
