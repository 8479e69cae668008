/**
 * The labelled people set of bench/analysis.ts, made here with ffmpeg from stills the project
 * ships: with people, the two portraits of tests/fixtures/people as they are, mirrored, closer in
 * and small over a landscape; without, that folder's other stills and every demo photograph
 * (server/seed/demo-assets, checked to show no one).
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { DEMO_ASSETS_DIR } from "../server/seed/media";

const FIXTURES = "tests/fixtures/people";
const WITH_PEOPLE = ["astronaut", "camera"];
const WITHOUT_PEOPLE = ["coffee", "chelsea", "rocket"];
const VARIANTS: Record<string, string> = {
  as: "null",
  mirrored: "hflip",
  closer: "crop=iw*0.75:ih*0.75",
};
/** Each labelled clip lasts this long: one frame for the models (seen-in-frames.ts). */
export const PEOPLE_CLIP_SECONDS = 3;

const encode = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-r", "24"];
const fit1080 =
  "scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080:(ow-iw)/2:(oh-ih)/2,setsar=1";
const ffmpeg = (args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);

function stillClip(folder: string, name: string, image: string, filter: string) {
  const file = path.join(folder, `people-${name}.mp4`);
  const still = ["-loop", "1", "-t", String(PEOPLE_CLIP_SECONDS), "-i", image];
  ffmpeg([...still, "-vf", `${filter},${fit1080},fps=24`, ...encode, file]);
  return file;
}

/** A portrait at half the frame's height, standing at the bottom of a landscape. */
function overLandscape(folder: string, portrait: string, landscape: string) {
  const file = path.join(folder, `people-${portrait}-over-${landscape}.mp4`);
  const loop = (image: string) => ["-loop", "1", "-t", String(PEOPLE_CLIP_SECONDS), "-i", image];
  ffmpeg([
    ...loop(path.join(DEMO_ASSETS_DIR, `${landscape}.jpg`)),
    ...loop(path.join(FIXTURES, `${portrait}.jpg`)),
    "-filter_complex",
    "[0:v]scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080[bg];[1:v]scale=-2:540[p];[bg][p]overlay=(W-w)/3:H-h,fps=24,setsar=1",
    ...encode,
    file,
  ]);
  return file;
}

/** Labelled clips: the file and whether people are in view. */
export function peopleClips(folder: string): { name: string; file: string; people: boolean }[] {
  const clips: { name: string; file: string; people: boolean }[] = [];
  for (const portrait of WITH_PEOPLE) {
    const image = path.join(FIXTURES, `${portrait}.jpg`);
    for (const [variant, filter] of Object.entries(VARIANTS))
      clips.push({
        name: `${portrait} ${variant}`,
        file: stillClip(folder, `${portrait}-${variant}`, image, filter),
        people: true,
      });
    for (const landscape of ["autumn-mountain", "dune"])
      clips.push({
        name: `${portrait} over ${landscape}`,
        file: overLandscape(folder, portrait, landscape),
        people: true,
      });
  }
  for (const still of WITHOUT_PEOPLE)
    clips.push({
      name: still,
      file: stillClip(folder, still, path.join(FIXTURES, `${still}.jpg`), "null"),
      people: false,
    });
  for (const photo of readdirSync(DEMO_ASSETS_DIR)
    .filter((f) => f.endsWith(".jpg"))
    .sort()) {
    const name = photo.replace(/\.jpg$/, "");
    clips.push({
      name,
      file: stillClip(folder, name, path.join(DEMO_ASSETS_DIR, photo), "null"),
      people: false,
    });
  }
  return clips;
}
