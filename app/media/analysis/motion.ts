/**
 * Global camera motion from small grayscale frames: for each pair of consecutive frames the shift
 * and scale that best map one onto the other (block matching over the whole frame), then a class
 * from the accumulated motion and how consistent it is (decision 0027).
 */
export const MOTION_WIDTH = 128;
export const MOTION_HEIGHT = 72;
/** Frames per second sampled for motion: enough to follow a pan, cheap to match. */
export const MOTION_FPS = 4;
/**
 * Each frame is matched with the one this many samples later (one second): a slow pan moves only a
 * fraction of a pixel between neighbours, which whole-pixel matching would round away.
 */
export const MOTION_STRIDE = 4;
const MAX_SHIFT = 10;
const SCALES = [0.94, 0.955, 0.97, 0.985, 1, 1.015, 1.03, 1.045, 1.06];

export type CameraMotion =
  | "static"
  | "pan-left"
  | "pan-right"
  | "tilt-up"
  | "tilt-down"
  | "zoom-in"
  | "zoom-out"
  | "handheld";

/** How the picture moved from one frame to the next: content shift in pixels and scale. */
export interface FrameStep {
  dx: number;
  dy: number;
  scale: number;
}

export interface MotionResult {
  motion: CameraMotion;
  /** 0–1: how consistently the frames moved this way. */
  confidence: number;
  /** Net content shift over the clip, as fractions of the frame's width and height. */
  panFraction: number;
  tiltFraction: number;
  /** Net zoom factor over the clip (> 1 zoomed in). */
  zoom: number;
}

/** The best shift and scale mapping `from` onto `to` (both MOTION_WIDTH x MOTION_HEIGHT gray). */
export function estimateStep(from: Uint8Array, to: Uint8Array, width = MOTION_WIDTH, height = MOTION_HEIGHT) {
  const margin = MAX_SHIFT + 4;
  const cx = width / 2;
  const cy = height / 2;
  let best: FrameStep = { dx: 0, dy: 0, scale: 1 };
  let bestCost = Number.POSITIVE_INFINITY;
  for (const scale of SCALES) {
    for (let dy = -MAX_SHIFT; dy <= MAX_SHIFT; dy++) {
      for (let dx = -MAX_SHIFT; dx <= MAX_SHIFT; dx++) {
        let cost = 0;
        let count = 0;
        // Pixel (x, y) of `to` shows what was at ((x - dx - cx) / scale + cx, ...) in `from`.
        for (let y = margin; y < height - margin; y += 2) {
          const sy = Math.round((y - dy - cy) / scale + cy);
          if (sy < 0 || sy >= height) continue;
          for (let x = margin; x < width - margin; x += 2) {
            const sx = Math.round((x - dx - cx) / scale + cx);
            if (sx < 0 || sx >= width) continue;
            cost += Math.abs(to[y * width + x]! - from[sy * width + sx]!);
            count++;
          }
        }
        const mean = count ? cost / count : Number.POSITIVE_INFINITY;
        // Ties go to no motion, so flat frames read as static.
        const penalty = (Math.abs(dx) + Math.abs(dy)) * 0.01 + Math.abs(scale - 1) * 2;
        if (mean + penalty < bestCost) [best, bestCost] = [{ dx, dy, scale }, mean + penalty];
      }
    }
  }
  return best;
}

/** Below this net movement (fraction of the frame) a clip is static or handheld. */
const MOVE_THRESHOLD = 0.08;
const ZOOM_THRESHOLD = 1.08;
/** Mean per-step movement (pixels of the small frame) above which a clip going nowhere is handheld. */
const JITTER_THRESHOLD = 1.2;

/** Classifies a clip's camera motion from its frame steps (camera moves opposite to the content). */
export function classifyMotion(
  steps: FrameStep[],
  { width = MOTION_WIDTH, height = MOTION_HEIGHT, stride = MOTION_STRIDE } = {},
): MotionResult {
  // Overlapping steps (each spans MOTION_STRIDE samples) count each movement MOTION_STRIDE times.
  const netDx = steps.reduce((s, t) => s + t.dx, 0) / stride;
  const netDy = steps.reduce((s, t) => s + t.dy, 0) / stride;
  const zoom = steps.reduce((z, t) => z * t.scale, 1) ** (1 / stride);
  const panFraction = netDx / width;
  const tiltFraction = netDy / height;
  const result = (motion: CameraMotion, confidence: number): MotionResult => ({
    motion,
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    panFraction: Math.round(panFraction * 1000) / 1000,
    tiltFraction: Math.round(tiltFraction * 1000) / 1000,
    zoom: Math.round(zoom * 1000) / 1000,
  });
  if (steps.length === 0) return result("static", 0.5);
  const agreeing = (value: (t: FrameStep) => number, sign: number) =>
    steps.filter((t) => Math.sign(value(t)) === sign).length / steps.length;
  const zoomStrength = Math.abs(Math.log(zoom)) / Math.log(ZOOM_THRESHOLD);
  const panStrength = Math.abs(panFraction) / MOVE_THRESHOLD;
  const tiltStrength = Math.abs(tiltFraction) / MOVE_THRESHOLD;
  const strongest = Math.max(zoomStrength, panStrength, tiltStrength);
  if (strongest >= 1) {
    if (strongest === zoomStrength) {
      const sign = zoom > 1 ? 1 : -1;
      return result(zoom > 1 ? "zoom-in" : "zoom-out", agreeing((t) => t.scale - 1, sign) + 0.3);
    }
    if (strongest === panStrength) {
      const sign = Math.sign(netDx);
      // Content moving left (dx < 0) means the camera turned right.
      return result(netDx < 0 ? "pan-right" : "pan-left", agreeing((t) => t.dx, sign) + 0.3);
    }
    const sign = Math.sign(netDy);
    // Content moving down (dy > 0) means the camera tilted up.
    return result(netDy > 0 ? "tilt-up" : "tilt-down", agreeing((t) => t.dy, sign) + 0.3);
  }
  const jitter = steps.reduce((s, t) => s + Math.abs(t.dx) + Math.abs(t.dy), 0) / steps.length;
  if (jitter > JITTER_THRESHOLD) return result("handheld", Math.min(1, jitter / (2 * JITTER_THRESHOLD)));
  return result("static", 1 - jitter / JITTER_THRESHOLD / 2);
}

/**
 * Steps from each frame to the one MOTION_STRIDE later (or the last, for short clips), skipping
 * pairs that straddle a cut (`cutAfter`: indices of the frames a cut follows).
 */
export function frameSteps(frames: Uint8Array[], cutAfter: Set<number> = new Set(), stride = MOTION_STRIDE) {
  const steps: FrameStep[] = [];
  const span = Math.max(1, Math.min(stride, frames.length - 1));
  for (let i = 0; i + span < frames.length; i++) {
    let crossesCut = false;
    for (let j = i; j < i + span; j++) if (cutAfter.has(j)) crossesCut = true;
    if (!crossesCut) steps.push(estimateStep(frames[i]!, frames[i + span]!));
  }
  return { steps, stride: span };
}
