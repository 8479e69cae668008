import type { AdultContentScore, SeenObject, SeenPeople } from "./clip-analysis";

/**
 * What the shipped models found in one sampled frame (frame-models.server.ts), before thresholds:
 * the pure part of turning detections into a clip's people, objects and adult-content score.
 */
export interface FrameDetections {
  /** Its moment in the clip, seconds. */
  second: number;
  /** BlazeFace's faces: detection score and box height in pixels. */
  faces: { score: number; height: number }[];
  /** CenterNet's COCO objects (including "person"). */
  objects: { label: string; score: number }[];
}

/** The frames the models look at, RGB, at this size (letterboxed): what CenterNet and BlazeFace resize from. */
export const MODEL_FRAME_WIDTH = 640;
export const MODEL_FRAME_HEIGHT = 360;
/** One sampled frame per this many seconds, and at most MODEL_FRAMES_MAX: the models' CPU cost (bench/analysis.ts). */
export const SECONDS_PER_MODEL_FRAME = 3;
export const MODEL_FRAMES_MAX = 6;

/**
 * Thresholds chosen on the labelled frames of bench/analysis.ts: below 0.8, BlazeFace finds faces
 * in cats, figs and rock (decision 0027).
 */
export const FACE_MIN_SCORE = 0.8;
/** A face at least this share of the frame's height is large enough to recognise someone by. */
export const RECOGNISABLE_FACE_SHARE = 1 / 12;
/** Below this, CenterNet finds "persons" in moss and paint (the demo photographs). */
export const PERSON_MIN_SCORE = 0.45;
export const OBJECT_MIN_SCORE = 0.4;
/** An object becomes a keyword when it is in at least this share of the sampled frames. */
export const OBJECT_MIN_FRAME_SHARE = 1 / 3;
/**
 * The adult-content score (nsfwjs: porn + hentai; "sexy" left out, it covers swimwear) at which
 * review is asked to look: a yellow flower of the demo catalogue scores 0.82.
 */
export const ADULT_REVIEW_SCORE = 0.9;

/** Seconds into a clip of the frames the models look at: evenly spread, in the middle of each span. */
export function modelFrameSeconds(durationSeconds: number) {
  const seconds = Math.max(0.1, durationSeconds);
  const count = Math.min(MODEL_FRAMES_MAX, Math.max(1, Math.ceil(seconds / SECONDS_PER_MODEL_FRAME)));
  const step = seconds / count;
  return Array.from({ length: count }, (_, i) => Math.round((i + 0.5) * step * 100) / 100);
}

/** Persons in one frame: CenterNet's people or confident faces, whichever finds more (a close-up has a face but no body). */
export function personsInFrame(frame: FrameDetections) {
  const bodies = frame.objects.filter((o) => o.label === "person" && o.score >= PERSON_MIN_SCORE).length;
  const faces = frame.faces.filter((f) => f.score >= FACE_MIN_SCORE).length;
  return Math.max(bodies, faces);
}

/** Faces large and confident enough to recognise someone by. */
export function recognisableFacesInFrame(frame: FrameDetections, frameHeight = MODEL_FRAME_HEIGHT) {
  return frame.faces.filter(
    (f) => f.score >= FACE_MIN_SCORE && f.height >= frameHeight * RECOGNISABLE_FACE_SHARE,
  ).length;
}

/** How many people the sampled frames show, and in what share of them. */
export function seenPeople(frames: FrameDetections[], frameHeight = MODEL_FRAME_HEIGHT): SeenPeople {
  const perFrame = frames.map((frame) => ({
    second: frame.second,
    persons: personsInFrame(frame),
    faces: recognisableFacesInFrame(frame, frameHeight),
  }));
  const withPeople = perFrame.filter((f) => f.persons > 0).length;
  return {
    maxCount: Math.max(0, ...perFrame.map((f) => f.persons)),
    frameShare: frames.length ? Math.round((withPeople / frames.length) * 100) / 100 : 0,
    recognisableFaces: Math.max(0, ...perFrame.map((f) => f.faces)),
    frames: perFrame,
  };
}

/** COCO objects seen in at least OBJECT_MIN_FRAME_SHARE of the frames, most frequent first. */
export function seenObjects(frames: FrameDetections[]): SeenObject[] {
  if (!frames.length) return [];
  const counts = new Map<string, number>();
  for (const frame of frames) {
    const labels = new Set(frame.objects.filter((o) => o.score >= OBJECT_MIN_SCORE).map((o) => o.label));
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count / frames.length >= OBJECT_MIN_FRAME_SHARE - 1e-9)
    .map(([label, count]) => ({ label, frameShare: Math.round((count / frames.length) * 100) / 100 }))
    .sort((a, b) => b.frameShare - a.frameShare || a.label.localeCompare(b.label));
}

/** The highest frame's adult-content score, and the (up to three) frames scoring highest. */
export function adultContentScore(frames: { second: number; score: number }[]): AdultContentScore {
  const top = [...frames]
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((f) => ({ second: f.second, score: Math.round(f.score * 1000) / 1000 }));
  return { score: top[0]?.score ?? 0, frames: top };
}
