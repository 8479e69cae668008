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

export function makeVideo(
  name: string,
  options: {
    width?: number;
    height?: number;
    seconds?: number;
    source?: string;
    filter?: string;
    faststart?: boolean;
    /** A 440 Hz tone as an AAC track (silent without). */
    audio?: boolean;
  } = {},
) {
  const file = path.join(folder, name);
  const { width = 1280, height = 720, seconds = 4 } = options;
  const source = options.source ?? `testsrc2=s=${width}x${height}:r=25`;
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-t", String(seconds)],
    ...(options.audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`] : []),
    ...(options.filter ? ["-vf", options.filter] : []),
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25"],
    ...(options.audio ? ["-c:a", "aac", "-shortest"] : []),
    ...(options.faststart ? ["-movflags", "+faststart"] : []),
    file,
  ]);
  return readFileSync(file);
}

export function makeFile(name: string, body: Buffer) {
  const file = path.join(folder, name);
  writeFileSync(file, body);
  return body;
}
