import { ffmpegOutput } from "./ffmpeg.server";

/** One full-size frame as PNG (the poster is made from it); seeking before `-i` jumps to a keyframe first. */
export async function grabFrame(file: string, atSeconds: number) {
  return ffmpegOutput([
    ...["-ss", atSeconds.toFixed(3), "-i", file, "-map", "0:v:0", "-frames:v", "1"],
    ...["-f", "image2pipe", "-c:v", "png", "pipe:1"],
  ]);
}
