import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

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

/** Keeps the demo media a server rendered into `dataDir` for later runs. */
export function saveDemoMedia(dataDir: string) {
  const cache = cacheDir();
  if (existsSync(cache)) return;
  mkdirSync(cache, { recursive: true });
  for (const folder of ["clips", "posters"]) {
    cpSync(path.join(dataDir, "media", folder), path.join(cache, folder), { recursive: true });
  }
}
