import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Orientation } from "~/catalog/attributes";
import { runFfmpeg } from "./ffmpeg.server";
import { HASH_FRAME_HEIGHT, HASH_FRAME_WIDTH, SAMPLED_FRAMES } from "./frame-analysis";

/**
 * The public renditions of a clip, made in one decode of the original: a watermarked 720p H.264
 * preview, a small watermarked one for grids, and a storyboard sprite (one frame a second) with
 * its WebVTT index for hover scrubbing. The original itself is never published.
 */
export const PREVIEW_SHORT_SIDE = 720;
export const SMALL_PREVIEW_SHORT_SIDE = 360;
export const STORYBOARD_LONG_SIDE = 160;
export const STORYBOARD_COLUMNS = 10;
export const POSTER_WIDTHS = [320, 640, 1280] as const;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The size of a rendition whose shorter side is `shortSide`, keeping the clip's displayed aspect. */
export function fitShortSide(width: number, height: number, shortSide: number) {
  const scale = Math.min(1, shortSide / Math.min(width, height));
  return { width: even(width * scale), height: even(height * scale) };
}

export function storyboardTileSize(width: number, height: number) {
  const scale = STORYBOARD_LONG_SIDE / Math.max(width, height);
  return { width: even(width * scale), height: even(height * scale) };
}

/** The watermark: the Verdeo name across the middle, light enough to see through, impossible to miss. */
export async function watermarkPng(width: number, height: number) {
  const fontSize = Math.round(Math.min(width, height) * 0.16);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <g font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" text-anchor="middle">
      <text x="50%" y="52%" fill="black" fill-opacity="0.22" dx="2" dy="2" dominant-baseline="middle">VERDEO</text>
      <text x="50%" y="52%" fill="white" fill-opacity="0.42" dominant-baseline="middle">VERDEO</text>
    </g>
    <text x="${width - Math.round(fontSize * 0.2)}" y="${height - Math.round(fontSize * 0.2)}" text-anchor="end"
      font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(fontSize * 0.28)}" fill="white" fill-opacity="0.7">verdeo · preview</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** WebVTT cues pointing each second of the clip at its tile in the sprite. */
export function storyboardVtt(
  durationSeconds: number,
  spriteUrl: string,
  tile: { width: number; height: number },
) {
  const stamp = (seconds: number) => {
    const whole = Math.floor(seconds);
    const h = String(Math.floor(whole / 3600)).padStart(2, "0");
    const m = String(Math.floor((whole % 3600) / 60)).padStart(2, "0");
    const s = String(whole % 60).padStart(2, "0");
    return `${h}:${m}:${s}.${String(Math.round((seconds - whole) * 1000)).padStart(3, "0")}`;
  };
  const lines = ["WEBVTT", ""];
  const count = Math.max(1, Math.ceil(durationSeconds));
  for (let index = 0; index < count; index++) {
    const x = (index % STORYBOARD_COLUMNS) * tile.width;
    const y = Math.floor(index / STORYBOARD_COLUMNS) * tile.height;
    lines.push(
      `${stamp(index)} --> ${stamp(Math.min(durationSeconds, index + 1))}`,
      `${spriteUrl}#xywh=${x},${y},${tile.width},${tile.height}`,
      "",
    );
  }
  return lines.join("\n");
}

export interface RenditionFiles {
  preview: string;
  small: string;
  sprite: string;
  /** Raw 9x8 RGB frames sampled evenly through the clip, for the fingerprint and the colour tone. */
  samples: string;
  tile: { width: number; height: number };
}

/**
 * Renders the three renditions into `folder` in one ffmpeg run. ffmpeg applies the original's
 * rotation itself, so `width`/`height` are the displayed size.
 */
export async function renderRenditions(
  original: string,
  folder: string,
  clip: { width: number; height: number; durationSeconds: number; orientation: Orientation },
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RenditionFiles> {
  const large = fitShortSide(clip.width, clip.height, PREVIEW_SHORT_SIDE);
  const small = fitShortSide(clip.width, clip.height, SMALL_PREVIEW_SHORT_SIDE);
  const tile = storyboardTileSize(clip.width, clip.height);
  const rows = Math.max(1, Math.ceil(Math.ceil(clip.durationSeconds) / STORYBOARD_COLUMNS));
  const files: RenditionFiles = {
    preview: path.join(folder, "preview.mp4"),
    small: path.join(folder, "preview-small.mp4"),
    sprite: path.join(folder, "storyboard.jpg"),
    samples: path.join(folder, "samples.rgb"),
    tile,
  };
  const largeMark = path.join(folder, "mark-large.png");
  const smallMark = path.join(folder, "mark-small.png");
  await writeFile(largeMark, await watermarkPng(large.width, large.height));
  await writeFile(smallMark, await watermarkPng(small.width, small.height));
  const graph = [
    // Scaled once to the preview's size; the small preview, storyboard and samples are made from
    // that (not from the full-size frame), and the watermark is blended in YUV: a third less time.
    `[0:v]fps=fps=source_fps:round=near,scale=${large.width}:${large.height}:flags=bicubic,setsar=1,split=4[a][b][c][d]`,
    `[a][1:v]overlay=0:0:format=yuv420,format=yuv420p[large]`,
    `[b]scale=${small.width}:${small.height}:flags=bicubic,setsar=1[b1]`,
    `[b1][2:v]overlay=0:0:format=yuv420,format=yuv420p[small]`,
    `[c]fps=1,scale=${tile.width}:${tile.height}:flags=bilinear,tile=${STORYBOARD_COLUMNS}x${rows}[sprite]`,
    `[d]fps=fps=${SAMPLED_FRAMES}/${clip.durationSeconds.toFixed(3)},scale=${HASH_FRAME_WIDTH}:${HASH_FRAME_HEIGHT}:flags=area,format=rgb24[samples]`,
  ];
  const h264 = (crf: string) => [
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", crf, "-profile:v", "high", "-pix_fmt", "yuv420p"],
    ...["-movflags", "+faststart", "-an"],
  ];
  await runFfmpeg(
    [
      ...["-i", original, "-i", largeMark, "-i", smallMark],
      ...["-filter_complex", graph.join(";")],
      ...["-map", "[large]", ...h264("24"), "-maxrate", "4M", "-bufsize", "8M", files.preview],
      ...["-map", "[small]", ...h264("28"), "-maxrate", "1M", "-bufsize", "2M", files.small],
      ...["-map", "[sprite]", "-frames:v", "1", "-q:v", "5", "-update", "1", files.sprite],
      ...["-map", "[samples]", "-f", "rawvideo", files.samples],
    ],
    { durationSeconds: clip.durationSeconds, onProgress, timeoutMs: 20 * 60_000, signal },
  );
  return files;
}

/** WebP posters in several widths from one frame (never wider than the frame itself). */
export async function renderPosters(frame: Buffer) {
  const image = sharp(frame);
  const { width = 1280 } = await image.metadata();
  const posters: { width: number; body: Buffer }[] = [];
  for (const target of POSTER_WIDTHS) {
    const size = Math.min(target, width);
    posters.push({
      width: target,
      body: await sharp(frame).resize({ width: size }).webp({ quality: 78 }).toBuffer(),
    });
  }
  return posters;
}
