import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { logger } from "~/platform/logger.server";
import type { AdultContentScore, SeenObject, SeenPeople } from "./clip-analysis";
import {
  adultContentScore,
  type FrameDetections,
  MODEL_FRAME_HEIGHT,
  MODEL_FRAME_WIDTH,
  seenObjects,
  seenPeople,
} from "./seen-in-frames";

/**
 * The shipped models (decision 0027): Human's BlazeFace and CenterNet for people and objects, and
 * nsfwjs's MobileNetV2 for an adult-content score. Their weights ship in the npm packages and are
 * read from node_modules, never fetched; both run on one TensorFlow.js with the WebAssembly
 * backend. Loaded lazily, once per worker process: only the analysis job calls this module.
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

const require = createRequire(import.meta.url);

/** Serves file:// URLs under `folders` from disk while the models load (tfjs reads weights with fetch). */
async function withLocalFetch<T>(folders: string[], load: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  const allowed = folders.map((folder) => pathToFileURL(folder).href);
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!allowed.some((prefix) => url.startsWith(prefix))) return original(input, init);
    const type = url.endsWith(".json") ? "application/json" : "application/octet-stream";
    return new Response(await readFile(fileURLToPath(url)), { headers: { "content-type": type } });
  }) as typeof fetch;
  try {
    return await load();
  } finally {
    globalThis.fetch = original;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: Human's node-wasm build has no types of its own here.
type HumanInstance = any;

async function loadHuman(): Promise<HumanInstance> {
  // The package's "exports" resolves to its tfjs-node build; its WebAssembly build sits beside it.
  const dist = path.dirname(require.resolve("@vladmandic/human"));
  const models = path.join(dist, "..", "models");
  const wasm = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"));
  const { Human } = require(path.join(dist, "human.node-wasm.js"));
  const human = new Human({
    backend: "wasm",
    modelBasePath: `${pathToFileURL(models).href}/`,
    wasmPath: `${pathToFileURL(wasm).href}/`,
    debug: false,
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: "blazeface.json", rotation: false, maxDetected: 20, minConfidence: 0.5 },
      mesh: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: true, modelPath: "centernet.json", minConfidence: 0.3, maxDetected: 20 },
  });
  await withLocalFetch([models, wasm], async () => {
    await human.load();
    await human.warmup({ warmup: "none" });
  });
  return human;
}

let human: Promise<HumanInstance> | null = null;
/** Human, loaded once; a failed load is forgotten so the next analysis tries again. */
function sharedHuman() {
  human ??= loadHuman().catch((error) => {
    human = null;
    throw error;
  });
  return human;
}

async function loadPeopleModel(): Promise<NonNullable<FrameModels["detect"]>> {
  const model = await sharedHuman();
  return async (rgb, second) => {
    const tensor = model.tf.tensor(rgb, [1, MODEL_FRAME_HEIGHT, MODEL_FRAME_WIDTH, 3], "int32");
    try {
      const found = await model.detect(tensor);
      return {
        second,
        faces: found.face.map((face: { score: number; box: number[] }) => ({
          score: face.score,
          height: face.box[3] ?? 0,
        })),
        objects: found.object.map((object: { label: string; score: number }) => ({
          label: object.label,
          score: object.score,
        })),
      };
    } finally {
      tensor.dispose();
    }
  };
}

let nsfw: Promise<NonNullable<FrameModels["adultScore"]>> | null = null;
async function loadAdultModel(): Promise<NonNullable<FrameModels["adultScore"]>> {
  // Human first: it sets the shared TensorFlow.js to its WebAssembly backend.
  const model = await sharedHuman();
  const { load } = await import("nsfwjs/core");
  const { MobileNetV2Model } = await import("nsfwjs/models/mobilenet_v2");
  const classifier = await load("MobileNetV2", { modelDefinitions: [MobileNetV2Model] });
  return async (rgb) => {
    const tensor = model.tf.tensor3d(rgb, [MODEL_FRAME_HEIGHT, MODEL_FRAME_WIDTH, 3], "int32");
    try {
      const predictions = await classifier.classify(tensor, 5);
      return predictions
        .filter((p) => p.className === "Porn" || p.className === "Hentai")
        .reduce((sum, p) => sum + p.probability, 0);
    } finally {
      tensor.dispose();
    }
  };
}

export const shippedModels: FrameModelLoaders = {
  people: loadPeopleModel,
  adult: () => {
    nsfw ??= loadAdultModel().catch((error) => {
      nsfw = null;
      throw error;
    });
    return nsfw;
  },
};

export interface SeenInFrames {
  people: SeenPeople | null;
  objects: SeenObject[] | null;
  adult: AdultContentScore | null;
}

/**
 * A model's inference runs on this thread and its promises settle as microtasks, which never let
 * timers or I/O in: where workers share the web process (`WORKERS=1`, the default of `npm start`),
 * requests wait for the whole clip's frames. Yielding to the event loop after each frame bounds the
 * wait to one frame's inference.
 */
const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
      await turnOfTheEventLoop();
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
      await turnOfTheEventLoop();
    }
    seen.adult = adultContentScore(scores);
  } catch (error) {
    logger.warn({ err: error }, "the adult-content model failed; the analysis is kept without it");
  }
  return seen;
}
