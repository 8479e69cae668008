import { execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { promisify } from "node:util";
import { watchCpuTime } from "./cpu-time.server";

const run = promisify(execFile);

/** The ffmpeg and ffprobe this process uses, and where they came from. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  source: "system" | "bundled";
  version: string;
}

/** System builds older than this lack decoders and filters the pipeline relies on. */
export const MIN_SYSTEM_FFMPEG_MAJOR = 5;

/** "ffmpeg version 5.1.9-0+deb12u1 …" → 5; git builds ("N-47683-g…") → undefined. */
export function majorVersionOf(versionLine: string) {
  const match = /version\s+n?(\d+)\.(\d+)/i.exec(versionLine);
  return match ? Number(match[1]) : undefined;
}

async function versionLine(binary: string) {
  try {
    const { stdout } = await run(binary, ["-hide_banner", "-version"], { timeout: 10_000 });
    return stdout.split("\n")[0] ?? "";
  } catch {
    return undefined;
  }
}

let tools: Promise<MediaTools> | undefined;

/**
 * A system ffmpeg/ffprobe of version 5 or newer when both are on PATH (Debian ships 5.1), else the
 * binaries shipped in npm (@ffmpeg-installer: a 2018 static build; it decodes H.264, HEVC, ProRes,
 * VP9 and AV1 in our test, but lacks the decoder and filter fixes of the five years since).
 */
export function mediaTools(): Promise<MediaTools> {
  tools ??= findTools();
  return tools;
}

async function findTools(): Promise<MediaTools> {
  const [ffmpegLine, ffprobeLine] = await Promise.all([versionLine("ffmpeg"), versionLine("ffprobe")]);
  const major = ffmpegLine ? majorVersionOf(ffmpegLine) : undefined;
  if (ffprobeLine && major !== undefined && major >= MIN_SYSTEM_FFMPEG_MAJOR) {
    return { ffmpeg: "ffmpeg", ffprobe: "ffprobe", source: "system", version: ffmpegLine! };
  }
  return bundledTools();
}

/** The npm-shipped binaries (loaded lazily: they are only a fallback). */
export async function bundledTools(): Promise<MediaTools> {
  const require = createRequire(import.meta.url);
  const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const ffprobe = (require("@ffprobe-installer/ffprobe") as { path: string }).path;
  return { ffmpeg, ffprobe, source: "bundled", version: (await versionLine(ffmpeg)) ?? "unknown" };
}

/** How much lower than the web process ffmpeg runs (nice value, 0–19). */
export const FFMPEG_NICENESS = 10;

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    /** Which budget stopped the run, when one did (see media/processing-budget.ts). */
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
