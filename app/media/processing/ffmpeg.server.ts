import { execFile, spawn } from "node:child_process";
import { setPriority } from "node:os";
import { promisify } from "node:util";
import { config } from "~/platform/config.server";
import { findMediaTools, type MediaTools } from "~/platform/media-tools.server";
import { watchCpuTime } from "./cpu-time.server";

const run = promisify(execFile);

export { majorVersionOf } from "~/platform/media-tools.server";

let tools: Promise<MediaTools> | undefined;

/**
 * The system ffmpeg/ffprobe 5+ (or FFMPEG_PATH/FFPROBE_PATH), found once; the server and the worker
 * check at start-up, so a missing or old one stops them before any upload is taken.
 */
export function mediaTools(): Promise<MediaTools> {
  tools ??= findMediaTools(config());
  tools.catch(() => {
    tools = undefined;
  });
  return tools;
}

/** How much lower than the web process ffmpeg runs (nice value, 0–19). */
export const FFMPEG_NICENESS = 10;

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    /** Which budget stopped the run, when one did (see media/processing/processing-budget.ts). */
    readonly budget?: "cpu" | "wall",
  ) {
    super(message);
  }
}

/** What ffmpeg reported at the end of a run with `onProgress`: frames written and the time reached. */
export interface FfmpegRun {
  frames: number;
  seconds: number;
}

/**
 * Runs ffmpeg with `args`. With `onProgress`, ffmpeg reports the position it reached, which is
 * handed on as a fraction of `durationSeconds`.
 */
export async function runFfmpeg(
  args: string[],
  options: {
    durationSeconds?: number;
    onProgress?: (fraction: number) => void;
    timeoutMs?: number;
    /** CPU time (every thread) the run may use before it is stopped; checked where /proc exists. */
    cpuBudgetMs?: number;
    /** Aborting (a shutdown, an expired job) stops ffmpeg. */
    signal?: AbortSignal;
  } = {},
): Promise<FfmpegRun> {
  const { ffmpeg } = await mediaTools();
  const progress = options.onProgress ? ["-progress", "pipe:1", "-nostats"] : [];
  const reached: FfmpegRun = { frames: 0, seconds: 0 };
  let stoppedBy: "cpu" | "wall" | undefined;
  return new Promise<FfmpegRun>((resolve, reject) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", ...progress, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    // Media work is background work: at a lower priority, pages stay quick while ffmpeg runs.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // Not allowed here (some containers): ffmpeg runs at normal priority.
      }
    }
    let stderr = "";
    let pending = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const frame = /^frame=(\d+)/.exec(line);
        if (frame) reached.frames = Number(frame[1]);
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) reached.seconds = Number(match[1]) / 1e6;
        if (match && options.onProgress && options.durationSeconds)
          options.onProgress(Math.min(1, Number(match[1]) / 1e6 / options.durationSeconds));
      }
    });
    const stop = (budget: "cpu" | "wall") => {
      stoppedBy ??= budget;
      child.kill("SIGKILL");
    };
    const timer = options.timeoutMs ? setTimeout(() => stop("wall"), options.timeoutMs) : undefined;
    const unwatch =
      options.cpuBudgetMs && child.pid !== undefined
        ? watchCpuTime(child.pid, options.cpuBudgetMs, () => stop("cpu"))
        : undefined;
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      unwatch?.();
      if (code === 0) resolve(reached);
      else if (stoppedBy)
        reject(new FfmpegError(`ffmpeg stopped: over its ${stoppedBy} budget`, stderr, stoppedBy));
      else reject(new FfmpegError(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`, stderr));
    });
  });
}

/** Runs ffmpeg and returns what it wrote to stdout (raw frames, for instance). */
export async function ffmpegOutput(args: string[], timeoutMs = 60_000) {
  const { ffmpeg } = await mediaTools();
  const { stdout } = await run(ffmpeg, ["-hide_banner", "-loglevel", "error", ...args], {
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
  });
  return stdout;
}

export async function ffprobeJson(file: string, timeoutMs = 30_000): Promise<unknown> {
  const { ffprobe } = await mediaTools();
  const { stdout } = await run(
    ffprobe,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
    { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}
