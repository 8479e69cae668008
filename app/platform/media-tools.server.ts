import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The ffmpeg and ffprobe this process uses. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** ffmpeg's first `-version` line, e.g. "ffmpeg version 5.1.9-0+deb12u1 Copyright …". */
  version: string;
}

/** Older builds lack the decoders and filters the pipeline relies on (`fps=fps=source_fps`). */
export const MIN_FFMPEG_MAJOR = 5;

/** How to install ffmpeg where people run Verdeo, said in every refusal. */
export const FFMPEG_INSTALL_HINT =
  "install it with `sudo apt-get install ffmpeg` (Debian/Ubuntu), `brew install ffmpeg` (macOS) or `winget install Gyan.FFmpeg` (Windows), or set FFMPEG_PATH and FFPROBE_PATH";

export class MediaToolsError extends Error {}

/** "ffmpeg version 5.1.9-0+deb12u1 …" → 5; git builds ("N-47683-g…", "2024-05-01-git-…") → undefined. */
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

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH/FFPROBE_PATH when set (ffprobe beside FFMPEG_PATH when only
 * that is set), else both on PATH. Throws MediaToolsError with one line saying what is missing or too
 * old and how to install it. A build from git (no release number) is taken as recent.
 */
export async function findMediaTools(settings: {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
  PATH: string;
}) {
  const ffmpeg = settings.FFMPEG_PATH ?? onPath("ffmpeg", settings.PATH);
  const ffprobe =
    settings.FFPROBE_PATH ?? besideFfmpeg(settings.FFMPEG_PATH) ?? onPath("ffprobe", settings.PATH);
  const missing = (name: string, setting: string, given: string | undefined) =>
    given
      ? `${name} is required but ${setting}=${given} does not run: ${FFMPEG_INSTALL_HINT}`
      : `${name} is required but there is none on PATH: ${FFMPEG_INSTALL_HINT}`;
  const ffmpegLine = ffmpeg && (await versionLine(ffmpeg));
  if (!ffmpeg || !ffmpegLine)
    throw new MediaToolsError(
      missing(`ffmpeg ${MIN_FFMPEG_MAJOR} or newer`, "FFMPEG_PATH", settings.FFMPEG_PATH),
    );
  const ffprobeLine = ffprobe && (await versionLine(ffprobe));
  if (!ffprobe || !ffprobeLine)
    throw new MediaToolsError(missing("ffprobe (part of ffmpeg)", "FFPROBE_PATH", settings.FFPROBE_PATH));
  for (const [name, line] of [
    [ffmpeg, ffmpegLine],
    [ffprobe, ffprobeLine],
  ] as const) {
    const major = majorVersionOf(line);
    if (major !== undefined && major < MIN_FFMPEG_MAJOR) {
      throw new MediaToolsError(
        `${name} is version ${/version\s+n?(\S+)/i.exec(line)?.[1]}, older than the ${MIN_FFMPEG_MAJOR}.0 Verdeo needs: ${FFMPEG_INSTALL_HINT}`,
      );
    }
  }
  return { ffmpeg, ffprobe, version: ffmpegLine } satisfies MediaTools;
}

/** The first executable `name` in the PATH list (with Windows' .exe), or undefined. */
function onPath(name: string, searchPath: string) {
  const names = process.platform === "win32" ? [`${name}.exe`, name] : [name];
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    for (const file of names.map((candidate) => path.join(dir, candidate))) {
      try {
        if (!statSync(file).isFile()) continue;
        accessSync(file, constants.X_OK);
        return path.resolve(file);
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

function besideFfmpeg(ffmpegPath: string | undefined) {
  if (!ffmpegPath || !path.isAbsolute(ffmpegPath)) return undefined;
  const candidate = path.join(path.dirname(ffmpegPath), `ffprobe${path.extname(ffmpegPath)}`);
  return existsSync(candidate) ? candidate : undefined;
}

/** "ffmpeg 5.1.9-0+deb12u1 (/usr/bin/ffmpeg)" for the start-up log. */
export function describeMediaTools(tools: MediaTools) {
  const version = /version\s+(\S+)/.exec(tools.version)?.[1] ?? "of unknown version";
  return `ffmpeg ${version} (${tools.ffmpeg}, ${tools.ffprobe})`;
}
