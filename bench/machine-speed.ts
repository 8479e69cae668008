import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";

/**
 * How fast this machine is, from two fixed workloads timed in CPU seconds (what a busy machine
 * changes least): a JavaScript one (hashing and sorting, as a request's work is) and an ffmpeg one
 * (2 s of 720p encoded with x264 on one thread, as the media pipeline's work is). Every result file
 * states them beside its figures, so results of different machines can be compared (issue 40).
 */
export interface MachineSpeed {
  javascriptCpuSeconds: number;
  ffmpegCpuSeconds: number | null;
}

let measured: MachineSpeed | null = null;

export function machineSpeed(): MachineSpeed {
  measured ??= { javascriptCpuSeconds: javascriptWorkload(), ffmpegCpuSeconds: ffmpegWorkload() };
  return measured;
}

/** The speed as a result file's line states it. */
export function describeMachineSpeed(speed = machineSpeed()) {
  const ffmpeg = speed.ffmpegCpuSeconds === null ? "not available" : `${speed.ffmpegCpuSeconds.toFixed(2)} s`;
  return `machine speed (fixed workloads, CPU time; lower is faster): JavaScript ${speed.javascriptCpuSeconds.toFixed(2)} s, ffmpeg ${ffmpeg}`;
}

function javascriptWorkload() {
  const started = process.cpuUsage();
  const block = Buffer.alloc(1024 * 1024, 7);
  let digest = "";
  for (let n = 0; n < 200; n++) digest = createHash("sha256").update(block).update(digest).digest("hex");
  const numbers = Array.from({ length: 500_000 }, (_, n) => (n * 2_654_435_761) % 1_000_003);
  numbers.sort((a, b) => a - b);
  JSON.parse(JSON.stringify(numbers.slice(0, 100_000).map((n) => ({ n, s: String(n) }))));
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

function ffmpegWorkload() {
  // ffmpeg prints its -benchmark line (user and system time) to stderr.
  const run = spawnSync(
    process.env.FFMPEG_PATH ?? "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-benchmark", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=24"],
      ...["-t", "2", "-c:v", "libx264", "-preset", "veryfast", "-threads", "1", "-f", "null", "-"],
    ],
    { encoding: "utf8" },
  );
  return run.status === 0 ? parseBenchmark(run.stderr) : null;
}

function parseBenchmark(text: string) {
  const match = /utime=([\d.]+)s stime=([\d.]+)s/.exec(text);
  return match ? Number(match[1]) + Number(match[2]) : null;
}
