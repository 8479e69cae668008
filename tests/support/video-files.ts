import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Small real video files for upload tests, made once per process with the system ffmpeg
 * (`-preset ultrafast`: a 4 s 720p clip takes well under a second).
 */
const folder = path.join(tmpdir(), `verdeo-test-videos-${process.pid}`);
mkdirSync(folder, { recursive: true });

export interface VideoOptions {
  width?: number;
  height?: number;
  seconds?: number;
  source?: string;
  filter?: string;
  faststart?: boolean;
  /** A 440 Hz tone as an AAC track (silent without). */
  audio?: boolean;
  /** x264's constant rate factor: lower is larger (a bigger file makes an upload take longer). */
  crf?: number;
}

/** A video file's bytes (for tests that send them). */
export function makeVideo(name: string, options: VideoOptions = {}) {
  return readFileSync(videoFile(name, options));
}

/** A video file's path (for browser tests that choose it in a file dialog). */
export function videoFile(name: string, options: VideoOptions = {}) {
  const file = path.join(folder, name);
  const { width = 1280, height = 720, seconds = 4 } = options;
  const source = options.source ?? `testsrc2=s=${width}x${height}:r=25`;
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-t", String(seconds)],
    ...(options.audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`] : []),
    ...(options.filter ? ["-vf", options.filter] : []),
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25"],
    ...(options.crf === undefined ? [] : ["-crf", String(options.crf)]),
    ...(options.audio ? ["-c:a", "aac", "-shortest"] : []),
    ...(options.faststart ? ["-movflags", "+faststart"] : []),
    file,
  ]);
  return file;
}

export function makeFile(name: string, body: Buffer) {
  const file = path.join(folder, name);
  writeFileSync(file, body);
  return body;
}

/** An MP4 with a sound track and no video: the right container, not a clip. */
export function makeSoundOnly(name: string, seconds = 4) {
  const file = path.join(folder, name);
  execFileSync("ffmpeg", [
    ...[
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${seconds}`,
    ],
    ...["-c:a", "aac", file],
  ]);
  return readFileSync(file);
}

/**
 * A clip that lies about its length: `seconds` of frames (a still colour, so a few kilobytes) whose
 * MP4 header durations (mvhd, and each track's tkhd and mdhd) are rewritten to say `claims`. Its
 * sample table, and so every frame's timestamp, still holds the real length.
 */
export function makeLyingVideo(name: string, options: { seconds: number; claims: number }) {
  const file = path.join(folder, name);
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=0x3060a0:s=1280x720:r=25"],
    ...["-t", String(options.seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "250"],
    ...["-pix_fmt", "yuv420p", "-use_editlist", "0", file],
  ]);
  const bytes = readFileSync(file);
  rewriteDurations(bytes, options.claims);
  writeFileSync(file, bytes);
  return bytes;
}

function rewriteDurations(bytes: Buffer, claims: number) {
  let movieScale = 1000;
  const walk = (start: number, end: number) => {
    for (let at = start; at + 8 <= end; ) {
      let size = bytes.readUInt32BE(at);
      const type = bytes.toString("latin1", at + 4, at + 8);
      if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
      if (size === 0) size = end - at;
      const body = at + 8;
      const version = bytes[body];
      if (["moov", "trak", "mdia"].includes(type)) walk(body, at + size);
      if (type === "mvhd" || type === "mdhd") {
        const scaleAt = version === 1 ? body + 20 : body + 12;
        const scale = bytes.readUInt32BE(scaleAt);
        if (type === "mvhd") movieScale = scale;
        if (version === 1) bytes.writeBigUInt64BE(BigInt(claims * scale), scaleAt + 4);
        else bytes.writeUInt32BE(claims * scale, scaleAt + 4);
      }
      if (type === "tkhd") {
        if (version === 1) bytes.writeBigUInt64BE(BigInt(claims * movieScale), body + 28);
        else bytes.writeUInt32BE(claims * movieScale, body + 20);
      }
      at += size;
    }
  };
  walk(0, bytes.length);
}

/** An HDR10 clip: a testcard converted to 10-bit BT.2020 with the PQ (SMPTE 2084) transfer, and tagged so. */
export function makeHdrVideo(name: string, seconds = 4) {
  const file = path.join(folder, name);
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25"],
    ...[
      "-t",
      String(seconds),
      "-vf",
      "zscale=tin=bt709:t=smpte2084:pin=bt709:p=bt2020:min=bt709:m=bt2020nc:npl=100,format=yuv420p10le",
    ],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le"],
    ...["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", file],
  ]);
  return readFileSync(file);
}
