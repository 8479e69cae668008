import { execFile } from "node:child_process";
import { open } from "node:fs/promises";
import { promisify } from "node:util";
import { z } from "zod";
import type { Orientation } from "~/catalog/clips/attributes";
import {
  MAX_CLIP_SECONDS,
  MAX_DECODE_FRAMES,
  MAX_DECODE_SECONDS,
  MEDIA_FAILURES,
  MIN_CLIP_SECONDS,
  MIN_LONG_SIDE,
  MIN_SHORT_SIDE,
} from "../renditions/media-rules";
import { hasVideoContainerMagic } from "./container-signature";
import { ffprobeJson, mediaTools, runFfmpeg } from "./ffmpeg.server";

const run = promisify(execFile);

/** What ffprobe says about a video file, in the units the catalogue uses. */
export interface VideoFacts {
  container: string;
  codec: string;
  /** As displayed: rotation and non-square pixels applied. */
  width: number;
  height: number;
  rotation: number;
  durationSeconds: number;
  frameRate: number;
  bitrate: number;
  orientation: Orientation;
  /** ffprobe's pixel format of the video stream ("yuv420p"), null when it does not say. */
  pixelFormat: string | null;
  /** False for anamorphic video (non-square pixels), which players show stretched. */
  squarePixels: boolean;
  /** The first audio stream's codec ("aac"), null for a silent clip. */
  audioCodec: string | null;
  /** ffprobe's transfer characteristic ("bt709", "smpte2084"), null when the file does not say. */
  colorTransfer: string | null;
  /** High dynamic range (PQ or HLG): tone-mapped for everything made in 8-bit SDR. */
  hdr: boolean;
}

/** The transfer characteristics of HDR video: PQ (HDR10, Dolby Vision) and HLG. */
export const HDR_TRANSFERS = new Set(["smpte2084", "arib-std-b67"]);

const Stream = z.looseObject({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  sample_aspect_ratio: z.string().optional(),
  pix_fmt: z.string().optional(),
  color_transfer: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  bit_rate: z.string().optional(),
  duration: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.looseObject({ rotation: z.number().optional() })).optional(),
  disposition: z.looseObject({ attached_pic: z.number().optional() }).optional(),
});
const ProbeOutput = z.object({
  streams: z.array(Stream).default([]),
  format: z
    .looseObject({
      format_name: z.string().optional(),
      duration: z.string().optional(),
      bit_rate: z.string().optional(),
    })
    .optional(),
});

/** Containers we take (ffprobe's names: mp4 and mov share one demuxer, webm and mkv another). */
const VIDEO_CONTAINERS = /^(mov,mp4|matroska)/;
/** Single pictures that ffprobe reports as a one-frame "video". */
const IMAGE_CODECS = new Set(["png", "mjpeg", "gif", "webp", "bmp", "tiff", "jpeg2000", "apng"]);

function ratio(value: string | undefined) {
  const [num, den] = (value ?? "").split(/[/:]/).map(Number);
  return num && den ? num / den : 0;
}

export function orientationOf(width: number, height: number): Orientation {
  const aspect = width / height;
  if (aspect > 1.05) return "landscape";
  if (aspect < 0.95) return "portrait";
  return "square";
}

/** Reads ffprobe's JSON into VideoFacts, or the reason the file is not a video we can use. */
export function factsFromProbe(
  output: unknown,
): { ok: true; value: VideoFacts } | { ok: false; reason: string } {
  const parsed = ProbeOutput.safeParse(output);
  if (!parsed.success) return { ok: false, reason: MEDIA_FAILURES.notVideo };
  const { streams, format } = parsed.data;
  const video = streams.find(
    (stream) =>
      stream.codec_type === "video" &&
      !stream.disposition?.attached_pic &&
      !IMAGE_CODECS.has(stream.codec_name ?? ""),
  );
  if (!video || !VIDEO_CONTAINERS.test(format?.format_name ?? "") || !video.width || !video.height)
    return { ok: false, reason: MEDIA_FAILURES.notVideo };
  const rotation =
    video.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ??
    Number(video.tags?.rotate ?? 0);
  const sampleAspect = ratio(video.sample_aspect_ratio) || 1;
  let width = Math.round(video.width * sampleAspect);
  let height = video.height;
  if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];
  const durationSeconds = Number(format?.duration ?? video.duration ?? Number.NaN);
  if (!Number.isFinite(durationSeconds)) return { ok: false, reason: MEDIA_FAILURES.unreadable };
  const frameRate = ratio(video.avg_frame_rate) || ratio(video.r_frame_rate);
  const audio = streams.find((stream) => stream.codec_type === "audio");
  return {
    ok: true,
    value: {
      container: format?.format_name ?? "",
      codec: video.codec_name ?? "unknown",
      width,
      height,
      rotation,
      durationSeconds,
      frameRate: Math.round(frameRate * 1000) / 1000,
      bitrate: Number(video.bit_rate ?? format?.bit_rate ?? 0) || 0,
      orientation: orientationOf(width, height),
      pixelFormat: video.pix_fmt ?? null,
      squarePixels: sampleAspect === 1,
      audioCodec: audio ? (audio.codec_name ?? "unknown") : null,
      colorTransfer: video.color_transfer ?? null,
      hdr: HDR_TRANSFERS.has(video.color_transfer ?? ""),
    },
  };
}

/** The rules every clip must meet; the first one broken, in words, or undefined. */
export function ruleBroken(facts: VideoFacts): string | undefined {
  if (facts.durationSeconds < MIN_CLIP_SECONDS) return MEDIA_FAILURES.tooShort;
  if (facts.durationSeconds > MAX_CLIP_SECONDS + 0.5) return MEDIA_FAILURES.tooLong;
  // 1280x720 worth of pixels with no side under 720: 720x1280 portrait and 1080x1080 square pass.
  const short = Math.min(facts.width, facts.height);
  if (short < MIN_SHORT_SIDE || facts.width * facts.height < MIN_LONG_SIDE * MIN_SHORT_SIDE)
    return MEDIA_FAILURES.tooSmall;
  return undefined;
}

/** True when the last second of the file decodes: a file cut short fails here even if its index is whole. */
async function decodesToTheEnd(file: string) {
  const { ffmpeg } = await mediaTools();
  try {
    const { stdout } = await run(
      ffmpeg,
      [
        "-v",
        "error",
        "-xerror",
        "-sseof",
        "-1",
        "-i",
        file,
        "-map",
        "0:v:0",
        "-frames:v",
        "1",
        "-f",
        "framemd5",
        "-",
      ],
      { timeout: 60_000, maxBuffer: 1024 * 1024 },
    );
    return /^\d+,/m.test(stdout);
  } catch {
    return false;
  }
}

export { hasVideoContainerMagic };

/** What the video stream really holds, read from its packets: seconds and frames. */
export interface MeasuredVideo {
  seconds: number;
  frames: number;
  /** True when reading stopped at MAX_DECODE_SECONDS or MAX_DECODE_FRAMES: there is more. */
  capped: boolean;
}

/**
 * Measures the first video stream by its packets' own timestamps, never the header's durations
 * (which a file can set to anything): the stream is read without decoding (`-c copy`, a few
 * milliseconds for two minutes) and the reading stops at the rules' bounds, so a file holding
 * hours of frames costs no more than one at the limit. The packets' timestamps are the ones the
 * decoder gives its frames; the render is bounded by the same limits all the same.
 */
export async function measureVideo(file: string, timeoutMs = 60_000): Promise<MeasuredVideo> {
  const run = await runFfmpeg(
    [
      ...["-i", file, "-map", "0:v:0", "-c", "copy"],
      ...["-t", String(MAX_DECODE_SECONDS), "-frames:v", String(MAX_DECODE_FRAMES), "-f", "null", "-"],
    ],
    { onProgress: () => {}, timeoutMs },
  );
  // ffmpeg reports the last frame's start: one frame's length more is where the video ends.
  const frameLength = run.frames > 1 ? run.seconds / (run.frames - 1) : 0;
  const seconds = run.seconds + frameLength;
  return {
    seconds,
    frames: run.frames,
    capped: run.frames >= MAX_DECODE_FRAMES || seconds >= MAX_DECODE_SECONDS - 0.05,
  };
}

async function looksLikeVideoContainer(file: string) {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return hasVideoContainerMagic(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Probes a file already checked: its facts, or undefined when ffprobe cannot read it. */
export async function probeVideo(file: string): Promise<VideoFacts | undefined> {
  const facts = factsFromProbe(await ffprobeJson(file).catch(() => undefined));
  return facts.ok ? facts.value : undefined;
}

/** Probes and checks a file: its facts, or the reason (in words) it cannot become a clip. */
export async function inspectVideo(
  file: string,
): Promise<{ ok: true; value: VideoFacts } | { ok: false; reason: string }> {
  let output: unknown;
  try {
    output = await ffprobeJson(file);
  } catch {
    // ffprobe cannot tell a damaged video from any other file; the first bytes can.
    return {
      ok: false,
      reason: (await looksLikeVideoContainer(file)) ? MEDIA_FAILURES.unreadable : MEDIA_FAILURES.notVideo,
    };
  }
  const facts = factsFromProbe(output);
  if (!facts.ok) return facts;
  let measured: MeasuredVideo;
  try {
    measured = await measureVideo(file);
  } catch {
    return { ok: false, reason: MEDIA_FAILURES.unreadable };
  }
  // Past the bounds, nothing more is read of it.
  if (measured.frames >= MAX_DECODE_FRAMES) return { ok: false, reason: MEDIA_FAILURES.tooManyFrames };
  if (measured.seconds > MAX_CLIP_SECONDS + 0.5) return { ok: false, reason: MEDIA_FAILURES.tooLong };
  // A file cut short fails as damaged, before its measured length is judged too short.
  if (!(await decodesToTheEnd(file))) return { ok: false, reason: MEDIA_FAILURES.unreadable };
  // The duration the rules judge, and everything after uses, is the measured one.
  facts.value.durationSeconds = Math.round(measured.seconds * 1000) / 1000;
  if (measured.frames > 1 && measured.seconds > 0)
    facts.value.frameRate = Math.round((measured.frames / measured.seconds) * 1000) / 1000;
  const broken = ruleBroken(facts.value);
  if (broken) return { ok: false, reason: broken };
  return facts;
}
