import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Rendering the demo clips takes most of a first start. They depend only on the seed's code, so
 * a copy is kept under node_modules/.cache keyed by a hash of that code and reused by later runs
 * (browser tests, benchmarks).
 */
function cacheDir() {
  const hash = createHash("sha256");
  for (const file of ["server/seed/media.ts", "server/seed/demo-content.ts"]) hash.update(readFileSync(file));
  return path.resolve("node_modules/.cache/verdeo-demo-media", hash.digest("hex").slice(0, 16));
}

/** Puts cached demo media into a fresh DATA_DIR, if there is a cache. */
export function restoreDemoMedia(dataDir: string) {
  const cache = cacheDir();
  if (existsSync(cache) && !existsSync(path.join(dataDir, "media", "clips"))) {
    cpSync(cache, path.join(dataDir, "media"), { recursive: true });
  }
}

/**
 * Demo clips render in the background after start-up: waits until every clip has its media and no
 * page shows the "processing" poster any more.
 */
export async function waitForDemoMedia(baseUrl: string, dataDir: string, timeoutMs = 1_200_000) {
  const { DEMO_CLIPS } = await import("../../server/seed/demo-content");
  const { PROCESSING_POSTER_URL } = await import("../../server/seed/media");
  const count = (folder: string) => {
    try {
      return readdirSync(path.join(dataDir, "media", folder)).length;
    } catch {
      return 0;
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (count("clips") >= DEMO_CLIPS.length && count("posters") >= DEMO_CLIPS.length) {
      const pages = await Promise.all(
        ["/", "/videos"].map((page) =>
          fetch(`${baseUrl}${page}`, { headers: { cookie: "fresh=1" } }).then((response) => response.text()),
        ),
      );
      if (!pages.some((html) => html.includes(PROCESSING_POSTER_URL))) return;
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
  const { DEMO_CLIPS } = await import("../../server/seed/demo-content");
  const rendered = (folder: string) =>
    existsSync(path.join(dataDir, "media", folder)) &&
    readdirSync(path.join(dataDir, "media", folder)).length >= DEMO_CLIPS.length;
  if (!rendered("clips") || !rendered("posters")) return;
  mkdirSync(cache, { recursive: true });
  for (const folder of ["clips", "posters"]) {
    cpSync(path.join(dataDir, "media", folder), path.join(cache, folder), { recursive: true });
  }
}
