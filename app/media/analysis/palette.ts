import { deltaE, hexOf, type Lab, labToRgb, rgbToLab } from "./colour";

/** The palette's colours, their share of the sampled frame area, and the light of the clip. */
export interface PaletteColour {
  hex: string;
  lab: Lab;
  /** 0–1 of the sampled pixels. */
  share: number;
}

export type TimeOfDay = "day" | "night" | "golden-hour";

export interface ColourSummary {
  palette: PaletteColour[];
  /** Mean L* (0 black – 100 white). */
  brightness: number;
  /** Standard deviation of L*. */
  contrast: number;
  /** Share of pixels with a warm, saturated hue (oranges and yellows). */
  warmShare: number;
  timeOfDay: TimeOfDay;
}

export const PALETTE_SIZE = 5;
/** Clusters closer than this merge: two shades the eye hardly tells apart are one colour. */
const MERGE_DELTA_E = 8;
/** Colours covering less than this are noise, not part of the palette. */
const MIN_SHARE = 0.03;
const ITERATIONS = 12;

/** Converts packed RGB bytes (ffmpeg rgb24) to Lab pixels. */
export function labPixels(rgb: Uint8Array): Lab[] {
  const out: Lab[] = [];
  for (let i = 0; i + 2 < rgb.length; i += 3) out.push(rgbToLab(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!));
  return out;
}

/**
 * k-means in Lab, seeded by farthest points (deterministic: the same clip always gives the same
 * palette), then near clusters merged and small ones dropped; sorted by share.
 */
export function dominantPalette(pixels: Lab[], k = PALETTE_SIZE): PaletteColour[] {
  if (pixels.length === 0) return [];
  const centres: Lab[] = [meanOf(pixels)];
  while (centres.length < k) {
    let far = pixels[0]!;
    let farDistance = -1;
    for (const p of pixels) {
      const d = Math.min(...centres.map((c) => deltaE(c, p)));
      if (d > farDistance) [far, farDistance] = [p, d];
    }
    if (farDistance < MERGE_DELTA_E) break;
    centres.push(far);
  }
  let groups: Lab[][] = [];
  for (let round = 0; round < ITERATIONS; round++) {
    groups = centres.map(() => []);
    for (const p of pixels) groups[nearest(centres, p)]!.push(p);
    for (let i = 0; i < centres.length; i++) if (groups[i]!.length) centres[i] = meanOf(groups[i]!);
  }
  const clusters = centres.map((lab, i) => ({ lab, count: groups[i]!.length })).filter((c) => c.count > 0);
  clusters.sort((p, q) => q.count - p.count);
  const merged: typeof clusters = [];
  for (const c of clusters) {
    const into = merged.find((m) => deltaE(m.lab, c.lab) < MERGE_DELTA_E);
    if (!into) merged.push({ ...c });
    else {
      const total = into.count + c.count;
      into.lab = {
        l: (into.lab.l * into.count + c.lab.l * c.count) / total,
        a: (into.lab.a * into.count + c.lab.a * c.count) / total,
        b: (into.lab.b * into.count + c.lab.b * c.count) / total,
      };
      into.count = total;
    }
  }
  return merged
    .map((c) => ({ hex: hexOf(labToRgb(c.lab)), lab: roundLab(c.lab), share: c.count / pixels.length }))
    .filter((c) => c.share >= MIN_SHARE)
    .sort((p, q) => q.share - p.share);
}

/** Brightness, contrast and the time-of-day hint from Lab pixels. */
export function colourSummary(pixels: Lab[]): ColourSummary {
  const palette = dominantPalette(pixels);
  const n = Math.max(1, pixels.length);
  const brightness = pixels.reduce((s, p) => s + p.l, 0) / n;
  const contrast = Math.sqrt(pixels.reduce((s, p) => s + (p.l - brightness) ** 2, 0) / n);
  const warm = pixels.filter((p) => {
    const hue = (Math.atan2(p.b, p.a) * 180) / Math.PI;
    return Math.hypot(p.a, p.b) > 25 && hue >= 35 && hue <= 85 && p.l > 25;
  }).length;
  const warmShare = warm / n;
  return {
    palette,
    brightness: round1(brightness),
    contrast: round1(contrast),
    warmShare: Math.round(warmShare * 1000) / 1000,
    timeOfDay: timeOfDayOf(brightness, warmShare),
  };
}

/** Dark is night; a mid-bright scene dominated by warm hues is golden hour; the rest is day. */
export function timeOfDayOf(brightness: number, warmShare: number): TimeOfDay {
  if (brightness < 22) return "night";
  if (warmShare > 0.35 && brightness < 80) return "golden-hour";
  return "day";
}

function nearest(centres: Lab[], p: Lab) {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < centres.length; i++) {
    const c = centres[i]!;
    const d = (c.l - p.l) ** 2 + (c.a - p.a) ** 2 + (c.b - p.b) ** 2;
    if (d < bestDistance) [best, bestDistance] = [i, d];
  }
  return best;
}

function meanOf(pixels: Lab[]): Lab {
  const n = pixels.length;
  return {
    l: pixels.reduce((s, p) => s + p.l, 0) / n,
    a: pixels.reduce((s, p) => s + p.a, 0) / n,
    b: pixels.reduce((s, p) => s + p.b, 0) / n,
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const roundLab = (c: Lab) => ({ l: round1(c.l), a: round1(c.a), b: round1(c.b) });
