import type { ClipAnalysisResult } from "./clip-analysis";
import { deltaE, type Lab, rgbToLab } from "./colour";
import type { CameraMotion } from "./motion";

/** What a suggested keyword was read from; the studio records acceptance per kind. */
export const SUGGESTION_KINDS = ["colour", "motion", "time"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export interface KeywordSuggestion {
  kind: SuggestionKind;
  keyword: string;
}

/** Colour names a buyer types, each at a typical sRGB value; a palette colour takes the nearest. */
const NAMED_COLOURS: [string, [number, number, number]][] = [
  ["red", [200, 30, 35]],
  ["orange", [235, 130, 30]],
  ["yellow", [235, 215, 50]],
  ["green", [60, 150, 60]],
  ["teal", [30, 140, 140]],
  ["blue", [40, 90, 200]],
  ["purple", [120, 60, 160]],
  ["pink", [235, 130, 180]],
  ["brown", [120, 80, 45]],
  ["black", [15, 15, 15]],
  ["white", [245, 245, 245]],
  ["gray", [128, 128, 128]],
];
const NAMED_LABS: [string, Lab][] = NAMED_COLOURS.map(([name, [r, g, b]]) => [name, rgbToLab(r, g, b)]);

/** A palette colour names the clip only when it covers this much of the frames. */
const COLOUR_MIN_SHARE = 0.2;
/** Past this ΔE from every named colour, a colour has no plain name worth suggesting. */
const COLOUR_MAX_DELTA_E = 45;
/** A camera move is suggested only when the frames agree on it this consistently. */
const MOTION_MIN_CONFIDENCE = 0.5;

const MOTION_KEYWORDS: Record<CameraMotion, string> = {
  static: "static shot",
  "pan-left": "pan",
  "pan-right": "pan",
  "tilt-up": "tilt",
  "tilt-down": "tilt",
  "zoom-in": "zoom in",
  "zoom-out": "zoom out",
  handheld: "handheld",
};

/** The plain name of a colour (nearest of NAMED_COLOURS), or null when none is near. */
export function colourName(lab: Lab) {
  let best: { name: string; distance: number } | null = null;
  for (const [name, named] of NAMED_LABS) {
    const distance = deltaE(lab, named);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= COLOUR_MAX_DELTA_E ? best.name : null;
}

/**
 * Keywords read from what the analyser measured: the colours that fill the frames, the camera's
 * move, and night or golden hour. Each keyword once, at most `limit`.
 */
export function suggestKeywords(result: ClipAnalysisResult, limit = 8): KeywordSuggestion[] {
  const suggestions: KeywordSuggestion[] = [];
  const add = (kind: SuggestionKind, keyword: string | null) => {
    if (keyword && !suggestions.some((s) => s.keyword === keyword)) suggestions.push({ kind, keyword });
  };
  for (const colour of result.colour.palette)
    if (colour.share >= COLOUR_MIN_SHARE) add("colour", colourName(colour.lab));
  if (result.camera.confidence >= MOTION_MIN_CONFIDENCE) add("motion", MOTION_KEYWORDS[result.camera.motion]);
  if (result.colour.timeOfDay === "night") add("time", "night");
  if (result.colour.timeOfDay === "golden-hour") add("time", "golden hour");
  return suggestions.slice(0, limit);
}
