import type { ClipAnalysisResult } from "./clip-analysis";
import type { CameraMotion } from "./motion";
import { ADULT_REVIEW_SCORE } from "./seen-in-frames";

/** Something the footage shows that its description does not say, for the reviewer to look at. */
export interface ReviewFlag {
  kind: "hidden-cuts" | "motion-mismatch" | "adult-content";
  message: string;
  /** Seconds into the clip that show it (the reviewer's player jumps there). */
  at: number[];
}

/** Words a creator uses to sell a clip as one continuous take. */
const ONE_SHOT =
  /\b(single[ -]shot|one[ -]shot|one[ -]take|single[ -]take|oner|continuous (?:shot|take)|unbroken)\b/i;

/** Camera moves a tag can declare, and the measured moves that agree with each. */
const DECLARED_MOTION: [RegExp, CameraMotion[]][] = [
  [/^(static|static shot|locked[ -]off|tripod)$/, ["static"]],
  [/^(pan|panning|pan left|pan right)$/, ["pan-left", "pan-right"]],
  [/^(tilt|tilt up|tilt down)$/, ["tilt-up", "tilt-down"]],
  [/^(zoom|zoom in|push in|dolly in)$/, ["zoom-in"]],
  [/^(zoom out|pull out|pull back|dolly out)$/, ["zoom-out"]],
  [/^(handheld|hand-held)$/, ["handheld"]],
];
/** A measured move contradicts a tag only when the frames agree on it at least this well. */
const MISMATCH_MIN_CONFIDENCE = 0.6;

const MOTION_WORDS: Record<CameraMotion, string> = {
  static: "static",
  "pan-left": "a pan to the left",
  "pan-right": "a pan to the right",
  "tilt-up": "a tilt up",
  "tilt-down": "a tilt down",
  "zoom-in": "a zoom in",
  "zoom-out": "a zoom out",
  handheld: "handheld",
};

const seconds = (values: number[]) => values.map((t) => `${t.toFixed(1)} s`).join(", ");

/**
 * What review must look at: cuts in a clip sold as one shot, a camera move its tags declare that
 * the frames contradict, and frames the adult-content classifier scores high. Each flag says where
 * to look.
 */
export function reviewFlags(
  result: ClipAnalysisResult,
  described: { title: string; description: string; tags: string[] },
): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const text = [described.title, described.description, ...described.tags].join("\n");
  if (result.shots.cuts > 0 && ONE_SHOT.test(text)) {
    flags.push({
      kind: "hidden-cuts",
      message: `Described as one shot, but the picture cuts ${result.shots.cuts === 1 ? "once" : `${result.shots.cuts} times`} (at ${seconds(result.shots.cutTimes)}).`,
      at: result.shots.cutTimes,
    });
  }
  const measured = result.camera;
  if (measured.confidence >= MISMATCH_MIN_CONFIDENCE) {
    for (const tag of described.tags) {
      const declared = DECLARED_MOTION.find(([pattern]) => pattern.test(tag.toLowerCase()));
      if (declared && !declared[1].includes(measured.motion)) {
        flags.push({
          kind: "motion-mismatch",
          message: `Tagged “${tag}”, but the camera measures as ${MOTION_WORDS[measured.motion]} (${Math.round(measured.confidence * 100)}% of the frames agree).`,
          at: [0],
        });
        break;
      }
    }
  }
  const adult = result.adult;
  if (adult && adult.score >= ADULT_REVIEW_SCORE) {
    const frames = adult.frames.filter((frame) => frame.score >= ADULT_REVIEW_SCORE);
    flags.push({
      kind: "adult-content",
      message: `The adult-content classifier scores ${frames.length === 1 ? "a frame" : `${frames.length} frames`} at ${Math.round(adult.score * 100)}% (at ${seconds(frames.map((f) => f.second))}): check before approving.`,
      at: frames.map((frame) => frame.second),
    });
  }
  return flags;
}
