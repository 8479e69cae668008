import { execFile } from "node:child_process";
import { open } from "node:fs/promises";
import { promisify } from "node:util";
import { z } from "zod";
import type { Orientation } from "~/catalog/attributes";
import { ffprobeJson, mediaTools } from "./ffmpeg.server";
import {
  MAX_CLIP_SECONDS,
  MEDIA_FAILURES,
  MIN_CLIP_SECONDS,
  MIN_LONG_SIDE,
  MIN_SHORT_SIDE,
} from "./media-rules";

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
}

const Stream = z.looseObject({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  sample_aspect_ratio: z.string().optional(),
  pix_fmt: z.string().optional(),
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

/** MP4/MOV boxes that can open a file, and Matroska/WebM's EBML magic. */
const MP4_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** True when the file starts like an MP4, MOV, WebM or MKV (whatever follows). */
export function hasVideoContainerMagic(head: Buffer) {
  if (head.subarray(0, 4).equals(EBML_MAGIC)) return true;
  return head.length >= 8 && MP4_BOXES.has(head.subarray(4, 8).toString("latin1"));
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
  const broken = ruleBroken(facts.value);
  if (broken) return { ok: false, reason: broken };
  if (!(await decodesToTheEnd(file))) return { ok: false, reason: MEDIA_FAILURES.unreadable };
  return facts;
}
