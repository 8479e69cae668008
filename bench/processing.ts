/**
 * Processing a 30 s 1080p H.264 upload through the media pipeline's work (probe, poster frame and
 * WebP posters, the one-decode pass that makes both watermarked previews, the storyboard and the
 * fingerprint samples), three runs, medians. Reports seconds of processing per second of footage,
 * wall and CPU (ffmpeg's own time, from the children's rusage). Target: ≤ 1.0 wall s/s on 2 cores.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { grabFrame } from "~/media/processing/analysis.server";
import { inspectVideo } from "~/media/processing/probe.server";
import { renderPosters, renderRenditions } from "~/media/renditions/renditions.server";
import { DEMO_ASSETS_DIR } from "../server/seed/media";
import { report } from "./lib";

const SECONDS = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 1.0;

/** CPU seconds of this process's finished children (ffmpeg, ffprobe), from /proc. */
function childCpuSeconds() {
  const stat = readFileSync(`/proc/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After ")": field 3 is index 0, so cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/**
 * A camera-like 30 s clip: a slow pan over a demo photograph at 30 fps with sensor grain (grain is
 * what makes real footage costlier to encode than a still), H.264 High at ~12 Mbit/s.
 */
function makeFootage(file: string) {
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-i", path.join(DEMO_ASSETS_DIR, "shoreline.jpg")],
    ...[
      "-vf",
      `scale=2400:1080:force_original_aspect_ratio=increase,crop=2400:1080,format=yuv420p,loop=loop=-1:size=1,fps=30,crop=1920:1080:x='(iw-ow)*t/${SECONDS}':y=0,noise=alls=8:allf=t`,
    ],
    ...["-t", String(SECONDS), "-c:v", "libx264", "-preset", "veryfast", "-b:v", "12M", "-an", file],
  ]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The footage is made once and kept: its recipe is fixed, and each of `npm run bench`'s runs uses it. */
const FOOTAGE = path.join(tmpdir(), `verdeo-bench-processing-footage-${SECONDS}s-v1.mp4`);

export async function benchProcessing(runCount = RUNS) {
  const folder = mkdtempSync(path.join(tmpdir(), "verdeo-bench-processing-"));
  if (!existsSync(FOOTAGE)) {
    makeFootage(path.join(folder, "footage.mp4"));
    renameSync(path.join(folder, "footage.mp4"), FOOTAGE);
  }
  const original = FOOTAGE;
  const rows: Record<string, number>[] = [];
  try {
    for (let run = 0; run < runCount; run++) {
      const cpuBefore = childCpuSeconds();
      const started = performance.now();
      const facts = await inspectVideo(original);
      if (!facts.ok) throw new Error(facts.reason);
      const probed = performance.now();
      const frame = await grabFrame(original, SECONDS / 3);
      await renderPosters(frame);
      const postered = performance.now();
      const work = mkdtempSync(path.join(folder, "run-"));
      await renderRenditions(original, work, {
        ...facts.value,
        durationSeconds: facts.value.durationSeconds,
      });
      const done = performance.now();
      rows.push({
        probe: (probed - started) / 1000,
        posters: (postered - probed) / 1000,
        renditions: (done - postered) / 1000,
        wall: (done - started) / 1000,
        cpu: childCpuSeconds() - cpuBefore,
        load: loadavg()[0]!,
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const pick = (key: string) => median(rows.map((row) => row[key]!));
  const ratio = pick("wall") / SECONDS;
  return report(
    "processing",
    `Processing a ${SECONDS} s 1080p H.264 clip (median of ${runCount} ${runCount === 1 ? "run" : "runs"})`,
    [
      {
        "probe s": Number(pick("probe").toFixed(2)),
        "posters s": Number(pick("posters").toFixed(2)),
        "renditions s": Number(pick("renditions").toFixed(2)),
        "wall s": Number(pick("wall").toFixed(2)),
        "ffmpeg cpu s": Number(pick("cpu").toFixed(2)),
        "wall s per footage s": Number(ratio.toFixed(2)),
        "cpu s per footage s": Number((pick("cpu") / SECONDS).toFixed(2)),
        "load avg": Number(pick("load").toFixed(1)),
        target: `≤ ${TARGET}`,
        met: ratio <= TARGET,
      },
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchProcessing();
