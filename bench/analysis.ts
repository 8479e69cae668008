/**
 * Clip analysis measured on a labelled set made here with ffmpeg: the demo catalogue's camera moves
 * over its photographs (server/seed/media.ts), solid and two-colour scenes, and concatenated scenes
 * with known cuts. Prints accuracy per attribute and the CPU cost per second of 1080p video.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { analyseVideoFile } from "~/media/analysis/analyse-video.server";
import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import { deltaE, labOfHex } from "~/media/analysis/colour";
import { cameraMove, DEMO_ASSETS_DIR } from "../server/seed/demo-camera";
import { report } from "./lib";

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

let analysedSeconds = 0;
let cpuSeconds = 0;
async function analyse(file: string, seconds: number): Promise<ClipAnalysisResult> {
  const work = mkdtempSync(path.join(folder, "work-"));
  const children = childCpuSeconds();
  const own = process.cpuUsage();
  const result = await analyseVideoFile(file, work, seconds);
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
  const perSecond = cpuSeconds / analysedSeconds;
  for (const miss of motionRows) console.log(`miss: ${miss}`);
  const pct = (right: number, total: number) => Number(((100 * right) / total).toFixed(1));
  report("analysis", "Clip analysis on a labelled set (demo camera moves, colours, cuts), 1080p H.264", [
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
      attribute: "CPU s per s of 1080p (ffmpeg + analyser)",
      cases: Number(analysedSeconds.toFixed(0)),
      "accuracy %": Number(perSecond.toFixed(3)),
      target: "≤ 0.3",
      met: perSecond <= 0.3,
    },
  ]);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
