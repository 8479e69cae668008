import { HDR_TO_SDR } from "../renditions/renditions.server";
import { ffmpegOutput } from "./ffmpeg.server";

/**
 * One full-size frame as PNG (the poster is made from it); seeking before `-i` jumps to a keyframe
 * first. An HDR frame is tone-mapped like the previews.
 */
export async function grabFrame(file: string, atSeconds: number, options: { hdr?: boolean } = {}) {
  return ffmpegOutput([
    ...["-ss", atSeconds.toFixed(3), "-i", file, "-map", "0:v:0", "-frames:v", "1"],
    ...(options.hdr ? ["-vf", `${HDR_TO_SDR},format=rgb24`] : []),
    ...["-f", "image2pipe", "-c:v", "png", "pipe:1"],
  ]);
}
