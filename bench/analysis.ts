/**
 * Clip analysis measured on a labelled set made here with ffmpeg: the demo catalogue's camera moves
 * over its photographs (server/seed/media.ts), solid and two-colour scenes, concatenated scenes
 * with known cuts, and stills with and without people (bench/people-clips.ts). Prints accuracy per
 * attribute, the CPU cost per second of 1080p video with the shipped models, and the process's
 * memory once they are loaded (as in a worker: loaded once, kept).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { analyseVideoFile } from "~/media/analysis/analyse-video.server";
import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { deltaE, labOfHex } from "~/media/analysis/colour";
import { type FrameModelLoaders, shippedModels } from "~/media/analysis/frame-models.server";
import { cameraMove, DEMO_ASSETS_DIR } from "../server/seed/demo-camera";
import { report } from "./lib";
import { PEOPLE_CLIP_SECONDS, peopleClips } from "./people-clips";

const WIDTH = 1920;
const HEIGHT = 1080;
const SECONDS = 6;
const PHOTOS = ["cascade", "autumn-mountain", "bridge-cables"];
const MOVES = ["pan-left", "pan-right", "drift-up", "drift-down", "zoom-in", "zoom-out"] as const;
const EXPECTED = { "drift-up": "tilt-up", "drift-down": "tilt-down" } as Record<string, string>;

const folder = mkdtempSync(path.join(tmpdir(), "verdeo-analysis-bench-"));
const ffmpeg = (args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
const encode = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-r", "24"];

/** CPU time of this process's finished children (cutime + cstime in /proc/self/stat), seconds. */
function childCpuSeconds() {
  const stat = readFileSync("/proc/self/stat", "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** The shipped models, with the CPU time spent in them (loading excluded) added up. */
let modelCpuSeconds = 0;
const timed =
  <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
  async (...args: A) => {
    const start = process.cpuUsage();
    try {
      return await run(...args);
    } finally {
      const used = process.cpuUsage(start);
      modelCpuSeconds += (used.user + used.system) / 1e6;
    }
  };
const rssBefore = process.memoryUsage().rss;
const loadStart = process.cpuUsage();
const loaded = { people: await shippedModels.people(), adult: await shippedModels.adult() };
const loadUsage = process.cpuUsage(loadStart);
const rssLoaded = process.memoryUsage().rss;
const models: FrameModelLoaders = {
  people: async () => timed(loaded.people),
  adult: async () => timed(loaded.adult),
};

let analysedSeconds = 0;
let cpuSeconds = 0;
async function analyse(file: string, seconds: number): Promise<ClipAnalysisResult> {
  const work = mkdtempSync(path.join(folder, "work-"));
  const children = childCpuSeconds();
  const own = process.cpuUsage();
  const result = await analyseVideoFile(file, work, seconds, { models });
  const used = process.cpuUsage(own);
  cpuSeconds += childCpuSeconds() - children + (used.user + used.system) / 1e6;
  analysedSeconds += seconds;
  return result;
}

function photoMove(photo: string, move: (typeof MOVES)[number]) {
  const camera = cameraMove(move, WIDTH, HEIGHT, SECONDS);
  const file = path.join(folder, `${photo}-${move}.mp4`);
  const cover = `scale=${camera.cover.width}:${camera.cover.height}:force_original_aspect_ratio=increase,crop=${camera.cover.width}:${camera.cover.height}`;
  ffmpeg([
    "-loop",
    "1",
    "-i",
    path.join(DEMO_ASSETS_DIR, `${photo}.jpg`),
    "-vf",
    `${cover},format=yuv420p,fps=24,${camera.filter}`,
    "-t",
    String(SECONDS),
    ...encode,
    file,
  ]);
  return file;
}

function colourClip(name: string, colours: string[]) {
  const file = path.join(folder, `${name}.mp4`);
  const inputs = colours.flatMap((c) => [
    "-f",
    "lavfi",
    "-i",
    `color=c=0x${c.slice(1)}:s=${WIDTH / colours.length}x${HEIGHT}:d=3:r=24`,
  ]);
  const stack = colours.length > 1 ? ["-filter_complex", `hstack=inputs=${colours.length}`] : [];
  ffmpeg([...inputs, ...stack, ...encode, file]);
  return file;
}

function cutClip(photos: string[]) {
  const file = path.join(folder, `cuts-${photos.length}.mp4`);
  const inputs = photos.flatMap((p) => [
    "-loop",
    "1",
    "-t",
    "2",
    "-i",
    path.join(DEMO_ASSETS_DIR, `${p}.jpg`),
  ]);
  const scaled = photos.map(
    (_, i) =>
      `[${i}:v]scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=increase,crop=${WIDTH}:${HEIGHT},fps=24,setsar=1[v${i}]`,
  );
  const graph = `${scaled.join(";")};${photos.map((_, i) => `[v${i}]`).join("")}concat=n=${photos.length}:v=1[out]`;
  ffmpeg([...inputs, "-filter_complex", graph, "-map", "[out]", ...encode, file]);
  return file;
}

try {
  const motionRows: string[] = [];
  let motionRight = 0;
  let motionTotal = 0;
  let cutsRight = 0;
  let cutsTotal = 0;
  for (const photo of PHOTOS)
    for (const move of MOVES) {
      const result = await analyse(photoMove(photo, move), SECONDS);
      const expected = EXPECTED[move] ?? move;
      motionTotal++;
      if (result.camera.motion === expected) motionRight++;
      else motionRows.push(`${photo} ${move}: measured ${result.camera.motion}`);
      cutsTotal++;
      if (result.shots.cuts === 0) cutsRight++;
    }
  const colourCases: [string, string[]][] = [
    ["red", ["#c81e1e"]],
    ["green", ["#1e8c3c"]],
    ["blue", ["#2846b4"]],
    ["orange-teal", ["#e67814", "#148c8c"]],
    ["yellow-purple", ["#e6d228", "#64288c"]],
  ];
  let coloursRight = 0;
  let coloursTotal = 0;
  for (const [name, colours] of colourCases) {
    const result = await analyse(colourClip(name, colours), 3);
    for (const hex of colours) {
      coloursTotal++;
      const nearest = Math.min(...result.colour.palette.map((c) => deltaE(c.lab, labOfHex(hex))));
      if (nearest <= 10) coloursRight++;
      else motionRows.push(`${name} ${hex}: nearest palette colour ΔE ${nearest.toFixed(1)}`);
    }
    cutsTotal++;
    if (result.shots.cuts === 0) cutsRight++;
  }
  for (const photos of [PHOTOS, [...PHOTOS, "calla-lily", "blinds"], ["cascade", "blinds"]]) {
    const result = await analyse(cutClip(photos), photos.length * 2);
    cutsTotal++;
    if (result.shots.cuts === photos.length - 1) cutsRight++;
    else motionRows.push(`${photos.length} scenes: measured ${result.shots.cuts} cuts`);
  }
  let withRight = 0;
  let withTotal = 0;
  let withoutRight = 0;
  let withoutTotal = 0;
  for (const clip of peopleClips(folder)) {
    const result = await analyse(clip.file, PEOPLE_CLIP_SECONDS);
    const seen = (result.people?.maxCount ?? 0) > 0;
    if (clip.people) withTotal++;
    else withoutTotal++;
    if (seen === clip.people) {
      if (clip.people) withRight++;
      else withoutRight++;
    } else
      motionRows.push(
        `people ${clip.name}: ${seen ? "seen" : "not seen"} (${JSON.stringify(result.people)})`,
      );
  }
  const peopleRight = withRight + withoutRight;
  const peopleTotal = withTotal + withoutTotal;
  const perSecond = cpuSeconds / analysedSeconds;
  const modelsPerSecond = modelCpuSeconds / analysedSeconds;
  const rssPeak = process.memoryUsage().rss;
  for (const miss of motionRows) console.log(`miss: ${miss}`);
  const pct = (right: number, total: number) => Number(((100 * right) / total).toFixed(1));
  console.log(
    `models: loaded in ${((loadUsage.user + loadUsage.system) / 1e6).toFixed(1)} s CPU; RSS ${(rssBefore / 1e6).toFixed(0)} MB before, ${(rssLoaded / 1e6).toFixed(0)} MB loaded, ${(rssPeak / 1e6).toFixed(0)} MB at the end`,
  );
  report(
    "analysis",
    "Clip analysis on a labelled set (demo camera moves, colours, cuts, people), 1080p H.264",
    [
      {
        attribute: "camera motion (demo moves)",
        cases: motionTotal,
        "accuracy %": pct(motionRight, motionTotal),
        target: "≥ 90",
        met: motionRight / motionTotal >= 0.9,
      },
      {
        attribute: "cuts (exact count)",
        cases: cutsTotal,
        "accuracy %": pct(cutsRight, cutsTotal),
        target: "≥ 95",
        met: cutsRight / cutsTotal >= 0.95,
      },
      {
        attribute: "dominant colour within ΔE 10",
        cases: coloursTotal,
        "accuracy %": pct(coloursRight, coloursTotal),
        target: "≥ 90",
        met: coloursRight / coloursTotal >= 0.9,
      },
      {
        attribute: "people present/absent (stills: portraits, landscapes)",
        cases: peopleTotal,
        "accuracy %": pct(peopleRight, peopleTotal),
        target: "≥ 90",
        met: peopleRight / peopleTotal >= 0.9,
      },
      {
        attribute: "… of which with people (found)",
        cases: withTotal,
        "accuracy %": pct(withRight, withTotal),
        target: "≥ 90",
        met: withRight / withTotal >= 0.9,
      },
      {
        attribute: "… of which without people (none found)",
        cases: withoutTotal,
        "accuracy %": pct(withoutRight, withoutTotal),
        target: "≥ 90",
        met: withoutRight / withoutTotal >= 0.9,
      },
      {
        attribute: "CPU s per s of 1080p (ffmpeg + analyser + models)",
        cases: Number(analysedSeconds.toFixed(0)),
        "accuracy %": Number(perSecond.toFixed(3)),
        target: "≤ 0.3",
        met: perSecond <= 0.3,
      },
      {
        attribute: "… of which the models (people, objects, adult)",
        cases: Number(analysedSeconds.toFixed(0)),
        "accuracy %": Number(modelsPerSecond.toFixed(3)),
        target: "(part)",
        met: true,
      },
      {
        attribute: "worker RSS MB with the models loaded (at the end)",
        cases: 1,
        "accuracy %": Math.round(rssPeak / 1e6),
        target: "stated",
        met: true,
      },
    ],
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
