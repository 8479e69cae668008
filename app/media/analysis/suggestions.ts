import {
  type CameraMotionFilter,
  COLOUR_SWATCHES,
  type ColourName,
  type Mood,
} from "~/catalog/clips/attributes";
import type { ClipAnalysisResult } from "./clip-analysis";
import { deltaE, type Lab, labOfHex } from "./colour";
import type { CameraMotion } from "./motion";
import { OBJECT_KEYWORDS, peopleKeyword } from "./object-keywords";

/** What a suggested keyword was read from; the studio records acceptance per kind. */
export const SUGGESTION_KINDS = ["colour", "motion", "time", "mood", "people", "object"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export interface KeywordSuggestion {
  kind: SuggestionKind;
  keyword: string;
}

/** Colour names a buyer types, each at its swatch's value; a palette colour takes the nearest. */
const NAMED_LABS = (Object.entries(COLOUR_SWATCHES) as [ColourName, string][]).map(
  ([name, hex]) => [name, labOfHex(hex)] as const,
);

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
export function colourName(lab: Lab): ColourName | null {
  let best: { name: ColourName; distance: number } | null = null;
  for (const [name, named] of NAMED_LABS) {
    const distance = deltaE(lab, named);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= COLOUR_MAX_DELTA_E ? best.name : null;
}

/** The names of the colours that fill the frames, largest first, each once. */
function dominantColourNames(result: ClipAnalysisResult): ColourName[] {
  const names = new Set<ColourName>();
  for (const colour of result.colour.palette) {
    const name = colour.share >= COLOUR_MIN_SHARE ? colourName(colour.lab) : null;
    if (name) names.add(name);
  }
  return [...names];
}

/** The camera move when the frames agree on it well enough to say so. */
const trustedMotion = (result: ClipAnalysisResult) =>
  result.camera.confidence >= MOTION_MIN_CONFIDENCE ? result.camera.motion : null;

/**
 * Keywords read from what the analyser measured: the colours that fill the frames, the camera's
 * move, night or golden hour, how many people are in view and the common objects the detector
 * found in a third of the frames or more. Each keyword once, at most `limit`.
 */
export function suggestKeywords(result: ClipAnalysisResult, limit = 10): KeywordSuggestion[] {
  const suggestions: KeywordSuggestion[] = [];
  const add = (kind: SuggestionKind, keyword: string | null) => {
    if (keyword && !suggestions.some((s) => s.keyword === keyword)) suggestions.push({ kind, keyword });
  };
  for (const name of dominantColourNames(result)) add("colour", name);
  const motion = trustedMotion(result);
  if (motion) add("motion", MOTION_KEYWORDS[motion]);
  if (result.colour.timeOfDay === "night") add("time", "night");
  if (result.colour.timeOfDay === "golden-hour") add("time", "golden hour");
  add("people", peopleKeyword(result.people));
  for (const object of result.objects ?? []) add("object", OBJECT_KEYWORDS[object.label] ?? null);
  return suggestions.slice(0, limit);
}

/** The camera move as Explore files it (directions folded together). */
const MOTION_FILTERS: Record<CameraMotion, CameraMotionFilter> = {
  static: "static",
  "pan-left": "pan",
  "pan-right": "pan",
  "tilt-up": "tilt",
  "tilt-down": "tilt",
  "zoom-in": "zoom",
  "zoom-out": "zoom",
  handheld: "handheld",
};

/**
 * What the catalogue files a clip under from its analysis (its filter columns): the same colours
 * and move the suggestions name, and whether it is one shot.
 */
export function seenAttributes(result: ClipAnalysisResult) {
  const motion = trustedMotion(result);
  return {
    cameraMotion: motion ? MOTION_FILTERS[motion] : null,
    singleShot: result.shots.singleShot,
    colourNames: dominantColourNames(result),
    // Null when the objects model failed: what an earlier run saw is kept until it succeeds.
    ...(result.objects ? { objectNames: result.objects.map((object) => object.label) } : {}),
  };
}

/** A move across more than half the frame over the clip reads as lively, not slow. */
const FAST_TRAVEL = 0.5;
/** L* spread past which a dark scene reads as dramatic. */
const DRAMATIC_CONTRAST = 25;

/**
 * The mood the footage suggests, from how it moves and how it is lit: cuts, a handheld camera or a
 * fast move are energetic; night, golden hour or a dark, contrasty frame are cinematic; the rest,
 * still or slow and evenly lit, is calm. A suggestion the creator confirms or changes.
 */
export function suggestMood(result: ClipAnalysisResult): Mood {
  const { camera, colour, shots } = result;
  const travel = Math.max(
    Math.abs(camera.panFraction),
    Math.abs(camera.tiltFraction),
    Math.abs(camera.zoom - 1),
  );
  if (shots.cuts >= 2 || camera.motion === "handheld" || travel > FAST_TRAVEL) return "energetic";
  if (colour.timeOfDay !== "day" || (colour.brightness < 45 && colour.contrast > DRAMATIC_CONTRAST))
    return "cinematic";
  return "calm";
}
