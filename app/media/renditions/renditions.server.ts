import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Orientation } from "~/catalog/clips/attributes";
import { runFfmpeg } from "../processing/ffmpeg.server";
import { HASH_FRAME_HEIGHT, HASH_FRAME_WIDTH, SAMPLED_FRAMES } from "../processing/frame-analysis";
import { fitShortSide, type LicenseeRenditionName, type PlannedRendition } from "./licensee-renditions";
import { DECODE_MARGIN_SECONDS, MAX_DECODE_FRAMES, MAX_DECODE_SECONDS } from "./media-rules";
import { type RenditionSource, stillFrames } from "./still-source";

/**
 * The renditions of a clip, made in one decode of the original. Public: a watermarked 720p H.264
 * preview, a small watermarked one for grids, and a storyboard sprite (one frame a second) with
 * its WebVTT index for hover scrubbing. Private, for licensees: clean 1080p and 720p files (see
 * licensee-renditions.ts). The original itself is never published.
 */
export const PREVIEW_SHORT_SIDE = 720;
export const SMALL_PREVIEW_SHORT_SIDE = 360;
export const STORYBOARD_LONG_SIDE = 160;
export const STORYBOARD_COLUMNS = 10;
export const POSTER_WIDTHS = [320, 640, 1280] as const;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

export { fitShortSide };

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

/**
 * HDR (PQ or HLG) frames made into BT.709 SDR: to linear light, to BT.709 primaries, tone-mapped
 * (Hable, which keeps highlights from clipping), then BT.709's transfer in TV range. Without it an
 * 8-bit preview keeps the PQ/HLG code values and tags, which no SDR screen shows as meant.
 */
export const HDR_TO_SDR =
  "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv";

/**
 * How far into the original a render reads: the measured duration plus the margin, never past the
 * rules' bound, whatever the header says.
 */
export function readLimitSeconds(durationSeconds: number) {
  return Math.min(MAX_DECODE_SECONDS, Math.ceil(durationSeconds) + DECODE_MARGIN_SECONDS);
}

export interface RenditionFiles {
  preview: string;
  small: string;
  sprite: string;
  /** Raw 9x8 RGB frames sampled evenly through the clip, for the fingerprint and the colour tone. */
  samples: string;
  tile: { width: number; height: number };
  /** The clean licensee renditions, as planned, each with its file. */
  licensee: (PlannedRendition & { file: string })[];
  /** Frames the render made of the original for the preview (its first output: ffmpeg's own count). */
  decodedFrames: number;
  /** The full-size PNG frame at `posterAtSeconds`, when one was asked for (see renderPosters). */
  poster?: string;
}

/** The clean renditions' quality: visually lossless for footage, at x264's cheap presets. */
const LICENSEE_RATE: Record<LicenseeRenditionName, { crf: string; maxrate: string; bufsize: string }> = {
  "1080p": { crf: "20", maxrate: "16M", bufsize: "32M" },
  "720p": { crf: "20", maxrate: "8M", bufsize: "16M" },
};
const LICENSEE_PRESET = "veryfast";
const LICENSEE_AUDIO_BITRATE = "192k";

/**
 * Renders every rendition into `folder` in one ffmpeg run: the original is decoded once and the
 * frames split before any watermark, so the clean files cost an encode each and no extra decode
 * (a remuxed one costs neither). ffmpeg applies the original's rotation itself, so
 * `width`/`height` are the displayed size (a still source's frames must already be that size).
 */
export async function renderRenditions(
  source: RenditionSource,
  folder: string,
  clip: {
    width: number;
    height: number;
    durationSeconds: number;
    orientation: Orientation;
    /** The original's audio codec, null when silent (then the clean files are silent too). */
    audioCodec?: string | null;
    /** PQ or HLG: tone-mapped to SDR before anything is made of the frames. */
    hdr?: boolean;
    /** Also writes the frame at this time as `poster.png` (instead of a second read for it). */
    posterAtSeconds?: number;
  },
  options: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    /** The clean files for licensees to make beside the previews (none by default). */
    licensee?: PlannedRendition[];
    budget?: { cpuMs: number; wallMs: number };
    /** The watermarked previews' x264 preset: a first pass replaced soon after may take a faster one. */
    previewPreset?: "veryfast" | "superfast";
  } = {},
): Promise<RenditionFiles> {
  const { onProgress, signal, licensee = [], budget, previewPreset = "veryfast" } = options;
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
    licensee: licensee.map((rendition) => ({
      ...rendition,
      file: path.join(folder, `${rendition.name}.mp4`),
    })),
    decodedFrames: 0,
    poster: clip.posterAtSeconds === undefined ? undefined : path.join(folder, "poster.png"),
  };
  const still = typeof source === "string" ? undefined : source;
  if (still && files.licensee.some((rendition) => rendition.method === "remux"))
    throw new Error("a still source has no stream to copy into a licensee file");
  const largeMark = path.join(folder, "mark-large.png");
  const smallMark = path.join(folder, "mark-small.png");
  await writeFile(largeMark, await watermarkPng(large.width, large.height));
  await writeFile(smallMark, await watermarkPng(small.width, small.height));

  const encoded = files.licensee.filter((rendition) => rendition.method === "encode");
  // A clean rendition of the preview's size shares its scaled frames (split before the watermark).
  const atPreviewSize = encoded.filter((r) => r.width === large.width && r.height === large.height);
  const ownSize = encoded.filter((r) => !atPreviewSize.includes(r));
  const labels = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => `[${prefix}${index}]`).join("");
  const frames = still
    ? stillFrames(still, clip.durationSeconds)
    : `${clip.hdr ? `${HDR_TO_SDR},` : ""}fps=fps=source_fps:round=near`;
  const poster = files.poster ? 1 : 0;
  const graph = [
    // Scaled once to the preview's size; the small preview, storyboard, samples and a clean 720p
    // are made from that (not from the full-size frame), and the watermark is blended in YUV.
    // A clean rendition of another size (1080p) gets the full-size frames, split before any scaling,
    // and so does the poster frame (one frame, then its branch ends).
    `[0:v]${frames},split=${1 + ownSize.length + poster}[p]${labels("own", ownSize.length)}${poster ? "[poster_at]" : ""}`,
    `[p]scale=${large.width}:${large.height}:flags=bicubic,setsar=1,split=${4 + atPreviewSize.length}[a][b][c][d]${labels("same", atPreviewSize.length)}`,
    `[a][1:v]overlay=0:0:format=yuv420,format=yuv420p[large]`,
    `[b]scale=${small.width}:${small.height}:flags=bicubic,setsar=1[b1]`,
    `[b1][2:v]overlay=0:0:format=yuv420,format=yuv420p[small]`,
    `[c]fps=1,scale=${tile.width}:${tile.height}:flags=bilinear,tile=${STORYBOARD_COLUMNS}x${rows}[sprite]`,
    `[d]fps=fps=${SAMPLED_FRAMES}/${clip.durationSeconds.toFixed(3)},scale=${HASH_FRAME_WIDTH}:${HASH_FRAME_HEIGHT}:flags=area,format=rgb24[samples]`,
    ...atPreviewSize.map((r, index) => `[same${index}]format=yuv420p[clean_${r.name}]`),
    ...ownSize.map(
      (r, index) =>
        `[own${index}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[clean_${r.name}]`,
    ),
    ...(poster
      ? [`[poster_at]select='gte(t,${clip.posterAtSeconds!.toFixed(3)})',trim=end_frame=1[poster]`]
      : []),
  ];
  // Every video output stops at the frame bound too (a file whose timestamps crawl cannot run on).
  const frameCap = ["-frames:v", String(MAX_DECODE_FRAMES)];
  const h264 = (crf: string) => [
    ...frameCap,
    ...["-c:v", "libx264", "-preset", previewPreset, "-crf", crf],
    ...["-profile:v", "high", "-pix_fmt", "yuv420p"],
    ...["-movflags", "+faststart", "-an"],
  ];
  // AAC as it is when the original has it, else encoded; nothing for a silent clip.
  const audio = clip.audioCodec
    ? [
        "-map",
        "0:a:0",
        ...(clip.audioCodec === "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", LICENSEE_AUDIO_BITRATE]),
      ]
    : ["-an"];
  const licenseeOutputs = files.licensee.flatMap((rendition) =>
    rendition.method === "remux"
      ? ["-map", "0:v:0", ...frameCap, "-c:v", "copy", ...audio, "-movflags", "+faststart", rendition.file]
      : [
          ...[
            "-map",
            `[clean_${rendition.name}]`,
            ...frameCap,
            "-c:v",
            "libx264",
            "-preset",
            LICENSEE_PRESET,
          ],
          ...["-crf", LICENSEE_RATE[rendition.name].crf, "-maxrate", LICENSEE_RATE[rendition.name].maxrate],
          ...["-bufsize", LICENSEE_RATE[rendition.name].bufsize],
          ...[
            "-profile:v",
            "high",
            "-pix_fmt",
            "yuv420p",
            ...audio,
            "-movflags",
            "+faststart",
            rendition.file,
          ],
        ],
  );
  const run = await runFfmpeg(
    [
      // `-t` before `-i`: ffmpeg reads no further into the original, whatever its header says.
      ...(typeof source === "string"
        ? ["-t", String(readLimitSeconds(clip.durationSeconds)), "-i", source]
        : ["-i", source.still]),
      ...["-i", largeMark, "-i", smallMark],
      ...["-filter_complex", graph.join(";")],
      ...["-map", "[large]", ...h264("24"), "-maxrate", "4M", "-bufsize", "8M", files.preview],
      ...["-map", "[small]", ...h264("28"), "-maxrate", "1M", "-bufsize", "2M", files.small],
      ...["-map", "[sprite]", "-frames:v", "1", "-q:v", "5", "-update", "1", files.sprite],
      ...["-map", "[samples]", ...frameCap, "-f", "rawvideo", files.samples],
      ...licenseeOutputs,
      ...(files.poster ? ["-map", "[poster]", "-frames:v", "1", "-update", "1", files.poster] : []),
    ],
    {
      durationSeconds: clip.durationSeconds,
      // Always on: the frames decoded are checked against the measured duration afterwards.
      onProgress: onProgress ?? (() => {}),
      timeoutMs: budget?.wallMs ?? 20 * 60_000,
      cpuBudgetMs: budget?.cpuMs,
      signal,
    },
  );
  files.decodedFrames = run.frames;
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
