import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FrameModels } from "./frame-models.server";
import { MODEL_FRAME_HEIGHT, MODEL_FRAME_WIDTH } from "./seen-in-frames";

/**
 * The shipped models themselves (decision 0027): Human's BlazeFace and CenterNet for people and
 * objects, and nsfwjs's MobileNetV2 for an adult-content score. Their weights ship in the npm
 * packages and are read from node_modules, never fetched; both run on one TensorFlow.js with the
 * WebAssembly backend. Only the model thread (frame-models-thread.server.ts) imports this module, so
 * the models load there, once per thread, and their inference never holds the process's event loop.
 */

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

/** Faces and objects (Human, loaded once; a failed load is forgotten so the next frame tries again). */
export async function peopleModel(): Promise<NonNullable<FrameModels["detect"]>> {
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

let nsfw: Promise<NonNullable<FrameModels["adultScore"]>> | null = null;

/** The adult-content score (nsfwjs, loaded once; a failed load is forgotten so the next frame tries again). */
export function adultModel() {
  nsfw ??= loadAdultModel().catch((error) => {
    nsfw = null;
    throw error;
  });
  return nsfw;
}
