import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Rendering the demo clips and running them through the media pipeline takes most of a first
 * start. The result depends only on the seed's and the pipeline's code, so a copy is kept under
 * node_modules/.cache keyed by a hash of that code and reused by later runs (browser tests,
 * benchmarks): the seed finds each clip's manifest and files and puts the clip back at once.
 */
const CODE = [
  "server/seed/media.ts",
  "server/seed/demo-camera.ts",
  "server/seed/demo-preview-pass.ts",
  "server/seed/demo-content.ts",
  "app/media/processing/pipeline.server.ts",
  "app/media/renditions/renditions.server.ts",
  "app/media/renditions/licensee-renditions.ts",
  "app/media/processing/frame-analysis.ts",
  // The demo manifests keep each clip's analysis.
  "app/media/analysis/analyse-video.server.ts",
  "app/media/analysis/clip-analysis.ts",
];

function cacheDir() {
  const hash = createHash("sha256");
  for (const file of CODE) hash.update(readFileSync(file));
  return path.resolve("node_modules/.cache/verdeo-demo-media", hash.digest("hex").slice(0, 16));
}

/**
 * The demo's own files inside a data folder: manifests, originals and licensee renditions
 * (private), previews and posters (public).
 */
async function demoFolders() {
  const { ALL_DEMO_CLIPS } = await import("../../server/seed/media");
  return [
    path.join("private", "demo"),
    path.join("private", "originals", "demo"),
    ...ALL_DEMO_CLIPS.flatMap((clip) => [
      path.join("media", "clips", String(clip.id)),
      path.join("private", "clips", String(clip.id)),
    ]),
  ];
}

function manifests(dataDir: string) {
  try {
    return readdirSync(path.join(dataDir, "private", "demo", "manifests")).length;
  } catch {
    return 0;
  }
}

/**
 * Demo clips whose manifest records another status than the seed meant (a published clip that
 * failed in the pipeline, say): browser tests and benchmarks would count a different catalogue.
 */
async function clipsInWrongState(dataDir: string) {
  const { ALL_DEMO_CLIPS } = await import("../../server/seed/media");
  return ALL_DEMO_CLIPS.flatMap((clip) => {
    const meant = "state" in clip ? clip.state : "published";
    const file = path.join(dataDir, "private", "demo", "manifests", `${clip.id}.json`);
    const { status, statusReason } = JSON.parse(readFileSync(file, "utf8"));
    return status === meant ? [] : [`#${clip.id} is ${status} (${statusReason}), not ${meant}`];
  });
}

/** Puts cached demo media into a fresh DATA_DIR, if there is a cache. */
export function restoreDemoMedia(dataDir: string) {
  const cache = cacheDir();
  if (existsSync(cache) && !existsSync(path.join(dataDir, "private", "demo"))) {
    cpSync(cache, dataDir, { recursive: true });
  }
}

/**
 * Demo clips render in the background after start-up: waits until every clip went through the
 * pipeline (its manifest is written last) and no page shows the "processing" poster any more.
 */
export async function waitForDemoMedia(baseUrl: string, dataDir: string, timeoutMs = 1_200_000) {
  const { ALL_DEMO_CLIPS, PROCESSING_POSTER_URL } = await import("../../server/seed/media");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (manifests(dataDir) >= ALL_DEMO_CLIPS.length) {
      const pages = await Promise.all(
        ["/", "/videos"].map((page) =>
          fetch(`${baseUrl}${page}`, { headers: { cookie: "fresh=1" } }).then((response) => response.text()),
        ),
      );
      if (!pages.some((html) => html.includes(PROCESSING_POSTER_URL))) {
        const wrong = await clipsInWrongState(dataDir);
        if (wrong.length > 0) throw new Error(`demo clips ended in the wrong state: ${wrong.join("; ")}`);
        return;
      }
    }
    await sleep(500);
  }
  throw new Error("demo media was not rendered in time");
}

/**
 * Keeps the demo media a server rendered into `dataDir` for later runs, once it is complete (a server
 * without job workers renders none).
 */
export async function saveDemoMedia(dataDir: string) {
  const cache = cacheDir();
  if (existsSync(cache)) return;
  const { ALL_DEMO_CLIPS } = await import("../../server/seed/media");
  if (manifests(dataDir) < ALL_DEMO_CLIPS.length || (await clipsInWrongState(dataDir)).length > 0) return;
  mkdirSync(cache, { recursive: true });
  for (const folder of await demoFolders()) {
    if (existsSync(path.join(dataDir, folder)))
      cpSync(path.join(dataDir, folder), path.join(cache, folder), { recursive: true });
  }
}
