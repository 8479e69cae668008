import { logger } from "~/platform/logger.server";
import type { AdultContentScore, SeenObject, SeenPeople } from "./clip-analysis";
import { askModelThread } from "./model-thread.server";
import { adultContentScore, type FrameDetections, seenObjects, seenPeople } from "./seen-in-frames";

/**
 * The shipped models (decision 0027, shipped-models.server.ts): Human's BlazeFace and CenterNet for
 * people and objects, and nsfwjs's MobileNetV2 for an adult-content score. They run in a worker
 * thread of this process (model-thread.server.ts), loaded there lazily and once: their inference,
 * about 2 s of CPU per clip, would otherwise hold the event loop of a web process that works jobs.
 */
export interface FrameModels {
  /** Faces and COCO objects in one RGB frame of MODEL_FRAME_WIDTH x MODEL_FRAME_HEIGHT. */
  detect?: (rgb: Uint8Array, second: number) => Promise<FrameDetections>;
  /** The adult-content probability (0–1) of one frame: nsfwjs's porn and hentai classes. */
  adultScore?: (rgb: Uint8Array) => Promise<number>;
}

/** Loads the models; either may reject (the analysis then stores null for what it would have seen). */
export interface FrameModelLoaders {
  people: () => Promise<NonNullable<FrameModels["detect"]>>;
  adult: () => Promise<NonNullable<FrameModels["adultScore"]>>;
}

/** A copy of the frame in a buffer of its own, transferred to the model thread (both models read the frame). */
const ownBuffer = (rgb: Uint8Array) => rgb.slice().buffer;

/** The shipped models, in the model thread; a load or a frame fails there as it would here. */
export const shippedModels: FrameModelLoaders = {
  people: async () => {
    await askModelThread({ task: "load-people" });
    return (rgb, second) => askModelThread({ task: "detect", rgb: ownBuffer(rgb), second });
  },
  adult: async () => {
    await askModelThread({ task: "load-adult" });
    return (rgb) => askModelThread({ task: "adult-score", rgb: ownBuffer(rgb) });
  },
};

export interface SeenInFrames {
  people: SeenPeople | null;
  objects: SeenObject[] | null;
  adult: AdultContentScore | null;
}

/**
 * Runs the models over the sampled frames. A model that fails to load or throws leaves its part
 * null (logged); the caller keeps the rest of the analysis and the catch-up job tries again.
 */
export async function lookAtFrames(
  frames: { second: number; rgb: Uint8Array }[],
  loaders: FrameModelLoaders = shippedModels,
): Promise<SeenInFrames> {
  const seen: SeenInFrames = { people: null, objects: null, adult: null };
  try {
    const detect = await loaders.people();
    const detections: FrameDetections[] = [];
    for (const frame of frames) {
      detections.push(await detect(frame.rgb, frame.second));
    }
    seen.people = seenPeople(detections);
    seen.objects = seenObjects(detections);
  } catch (error) {
    logger.warn({ err: error }, "the people and objects model failed; the analysis is kept without them");
  }
  try {
    const score = await loaders.adult();
    const scores: { second: number; score: number }[] = [];
    for (const frame of frames) {
      scores.push({ second: frame.second, score: await score(frame.rgb) });
    }
    seen.adult = adultContentScore(scores);
  } catch (error) {
    logger.warn({ err: error }, "the adult-content model failed; the analysis is kept without it");
  }
  return seen;
}
