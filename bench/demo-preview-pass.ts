/**
 * A published demo clip's preview pass, before and after issue 40, on the same clips in turn:
 * - before: a 720p H.264 original encoded from the photograph's camera move, then the upload
 *   pipeline's media work on it (inspect: probe, measure and decode to the end; poster frame and
 *   WebP posters; probe again; the one-decode renditions run with its licensee 720p file);
 * - after: one ffmpeg run from the camera move straight into the renditions at the pass's own x264
 *   preset (posters' frame included), then the WebP posters (server/seed/demo-preview-pass.ts).
 * Storage and database work (the same in both) is left out. CPU seconds are this process's and its
 * children's (ffmpeg, ffprobe, sharp's threads), from /proc: they hardly change with the machine's
 * load, unlike the wall seconds beside them. Medians over the clips.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { grabFrame } from "~/media/processing/analysis.server";
import { inspectVideo, probeVideo } from "~/media/processing/probe.server";
import { planLicenseeRenditions } from "~/media/renditions/licensee-renditions";
import { renderPosters, renderRenditions } from "~/media/renditions/renditions.server";
import { posterSeconds } from "~/media/renditions/still-source";
import { demoCameraSource, renderDemoOriginal } from "../server/seed/demo-camera";
import { DEMO_CLIPS, type DemoClip } from "../server/seed/demo-content";
import { DEMO_PREVIEW_PRESET, demoPreviewSize } from "../server/seed/demo-preview-pass";
import { median, report } from "./lib";

const CLIPS = Number(process.env.BENCH_CLIPS ?? 5);
type Figure = "before cpu s" | "after cpu s" | "before wall s" | "after wall s";

/** The sizes the preview pass's 720p originals had (a square one 960x960, the upload rules' minimum). */
const OLD_PREVIEW_SIZES = {
  landscape: { width: 1280, height: 720 },
  portrait: { width: 720, height: 1280 },
  square: { width: 960, height: 960 },
} as const;

/** CPU seconds of this process and its finished children, from /proc (USER_HZ 100). */
function cpuSeconds() {
  const stat = readFileSync(`/proc/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / 100;
}

async function measured(work: () => Promise<void>) {
  const cpu = cpuSeconds();
  const started = performance.now();
  await work();
  return { cpu: cpuSeconds() - cpu, wall: (performance.now() - started) / 1000 };
}

/** The preview pass as it was: a 720p original, then the pipeline's work on it. */
async function before(clip: DemoClip, folder: string) {
  const original = path.join(folder, "original.mp4");
  await renderDemoOriginal(clip, original, OLD_PREVIEW_SIZES[clip.orientation]);
  const facts = await inspectVideo(original);
  if (!facts.ok) throw new Error(facts.reason);
  await renderPosters(await grabFrame(original, posterSeconds(facts.value.durationSeconds)));
  const probed = await probeVideo(original);
  if (!probed) throw new Error("the original does not probe");
  await renderRenditions(
    original,
    folder,
    { ...facts.value, durationSeconds: clip.durationSeconds, audioCodec: null },
    { licensee: planLicenseeRenditions(probed) },
  );
}

/** The preview pass now: the camera move's frames straight into the renditions. */
async function after(clip: DemoClip, folder: string) {
  const size = demoPreviewSize(clip);
  const source = await demoCameraSource(clip, size, folder);
  const seconds = clip.durationSeconds;
  const files = await renderRenditions(
    source,
    folder,
    {
      ...size,
      durationSeconds: seconds,
      orientation: clip.orientation,
      posterAtSeconds: posterSeconds(seconds),
    },
    { previewPreset: DEMO_PREVIEW_PRESET },
  );
  await renderPosters(await readFile(files.poster!));
}

export async function benchDemoPreviewPass() {
  const rows: ({ clip: string } & Record<Figure, number>)[] = [];
  const loads: number[] = [];
  // The home page's first clips: zooms, a pan and a drift, every frame shape.
  for (const clip of DEMO_CLIPS.slice(0, CLIPS)) {
    const folder = mkdtempSync(path.join(tmpdir(), "verdeo-bench-preview-pass-"));
    try {
      loads.push(loadavg()[0]!);
      const old = await measured(() => before(clip, mkdtempSync(path.join(folder, "before-"))));
      const now = await measured(() => after(clip, mkdtempSync(path.join(folder, "after-"))));
      rows.push({
        clip: `#${clip.id} ${clip.look[1]} ${clip.orientation} ${clip.durationSeconds} s`,
        "before cpu s": old.cpu,
        "after cpu s": now.cpu,
        "before wall s": old.wall,
        "after wall s": now.wall,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const pick = (key: Figure) => median(rows.map((row) => row[key]));
  const round = (value: number) => Number(value.toFixed(2));
  const summary = {
    clip: `median of ${rows.length} clips`,
    "before cpu s": pick("before cpu s"),
    "after cpu s": pick("after cpu s"),
    "before wall s": pick("before wall s"),
    "after wall s": pick("after wall s"),
  };
  const table = [...rows, summary].map((row) => ({
    clip: row.clip,
    "before cpu s": round(row["before cpu s"]),
    "after cpu s": round(row["after cpu s"]),
    "cpu after/before": round(row["after cpu s"] / row["before cpu s"]),
    "before wall s": round(row["before wall s"]),
    "after wall s": round(row["after wall s"]),
  }));
  console.log(
    `preview pass per clip: before ${round(summary["before cpu s"])} s CPU, after ${round(summary["after cpu s"])} s CPU (medians over ${rows.length} clips; median load ${round(median(loads))})`,
  );
  return report(
    "demo-preview-pass",
    "A published demo clip's preview pass: a 720p original then the pipeline (before) or one run from the camera move (after)",
    table,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDemoPreviewPass();
