import path from "node:path";
import sharp from "sharp";
import type { Orientation } from "~/catalog/clips/attributes";
import { runFfmpeg } from "~/media/processing/ffmpeg.server";
import { type StillSource, stillFrames } from "~/media/renditions/still-source";
import type { CameraMove, DemoClip } from "./demo-content";

/** The photographs the demo clips are made from (committed, with CREDITS.md). */
export const DEMO_ASSETS_DIR = path.resolve("server/seed/demo-assets");
export const DEMO_FPS = 24;
/** Demo originals are Full HD, as the catalogue promises; the failed demo clip is rendered too small on purpose. */
export const DEMO_SIZES: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
};

/** How far past the frame a pan or drift travels, and how much a zoom closes in. */
const TRAVEL = 1.25;
const ZOOM = 0.18;

/**
 * A slow camera move over a still, cheap at 1080p: the photo is scaled once (by sharp) to `cover`,
 * decoded once and repeated (`loop`), then a moving crop frames it (pan, drift) or a per-frame
 * bilinear scale grows or shrinks it around its centre (zoom, sub-pixel smooth unlike zoompan).
 */
export function cameraMove(move: CameraMove, width: number, height: number, seconds: number) {
  const even = (value: number) => Math.round(value / 2) * 2;
  switch (move) {
    case "pan-left":
    case "pan-right": {
      const x = move === "pan-right" ? `(iw-ow)*t/${seconds}` : `(iw-ow)*(1-t/${seconds})`;
      return {
        cover: { width: even(width * TRAVEL), height },
        filter: `crop=${width}:${height}:x='${x}':y=0`,
      };
    }
    case "drift-up":
    case "drift-down": {
      const y = move === "drift-down" ? `(ih-oh)*t/${seconds}` : `(ih-oh)*(1-t/${seconds})`;
      return {
        cover: { width, height: even(height * TRAVEL) },
        filter: `crop=${width}:${height}:x=0:y='${y}'`,
      };
    }
    case "zoom-in":
    case "zoom-out": {
      const scale = move === "zoom-in" ? `(1+${ZOOM}*t/${seconds})` : `(${1 + ZOOM}-${ZOOM}*t/${seconds})`;
      return {
        cover: { width, height },
        filter: `scale=w='trunc(${width}*${scale}/2)*2':h=-2:eval=frame:flags=bilinear,crop=${width}:${height}`,
      };
    }
  }
}

/** A light grade towards the tone the clip is listed with (the photo does most of the work). */
const TONE_FILTERS = {
  warm: "colorbalance=rs=0.08:bs=-0.06",
  cool: "colorbalance=rs=-0.06:bs=0.08",
  neutral: "eq=saturation=0.95",
} as const;

/**
 * A demo clip's frames at `size`, as a still and its filters: the photograph scaled (by sharp) to
 * what the camera move needs, written into `folder`. Encoded into an original (the full pass,
 * renderDemoOriginal) or fed straight into the renditions (the preview pass), it is the same clip.
 */
export async function demoCameraSource(
  clip: DemoClip,
  size: { width: number; height: number },
  folder: string,
): Promise<StillSource> {
  const [image, move] = clip.look;
  const seconds = clip.durationSeconds;
  const camera = cameraMove(move, size.width, size.height, seconds);
  const still = path.join(folder, "still.png");
  await sharp(path.join(DEMO_ASSETS_DIR, `${image}.jpg`))
    .resize(camera.cover.width, camera.cover.height, { fit: "cover" })
    .png({ compressionLevel: 1 })
    .toFile(still);
  // The grade is applied to the still once, before it is repeated: per frame it would cost more
  // than the camera move itself. Everything per frame comes before a zoom's scale: ffmpeg 5.1's
  // in-place filters (fade, vignette) corrupt its heap on frames cropped from shrinking ones.
  const zoom = move.startsWith("zoom");
  const vignette = clip.mood === "cinematic" ? ["vignette=PI/6"] : [];
  return {
    still,
    stillFilters: [TONE_FILTERS[clip.colorTone]],
    frameFilters: [
      "fade=t=in:d=0.8",
      `fade=t=out:st=${Math.max(0, seconds - 0.8)}:d=0.8`,
      ...(zoom ? vignette : []),
      camera.filter,
      ...(zoom ? [] : vignette),
    ],
    fps: DEMO_FPS,
  };
}

/**
 * Renders a demo clip's original: H.264 at 24 fps, `ultrafast` for a moving crop and `superfast`
 * for a zoom (ultrafast makes a zoom five times bigger). The demo is rendered from scratch on a
 * fresh machine: speed matters more than size; the pipeline re-encodes the previews anyway.
 */
export async function renderDemoOriginal(
  clip: DemoClip,
  file: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
) {
  const source = await demoCameraSource(clip, size, path.dirname(file));
  const zoom = clip.look[1].startsWith("zoom");
  await runFfmpeg(
    [
      ...["-i", source.still, "-vf", stillFrames(source, clip.durationSeconds)],
      ...["-c:v", "libx264", "-preset", zoom ? "superfast" : "ultrafast", "-crf", "24"],
      ...["-g", String(DEMO_FPS * 2), "-an", "-movflags", "+faststart", file],
    ],
    { timeoutMs: 10 * 60_000, signal },
  );
}
