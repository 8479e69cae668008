import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "./server-process";

/**
 * Rendering the demo clips takes most of a first start. They depend only on the seed's code, so
 * a copy is kept under node_modules/.cache keyed by a hash of that code and reused by later runs.
 */
function demoMediaCache() {
  const hash = createHash("sha256");
  for (const file of ["server/seed/media.ts", "server/seed/demo-content.ts"]) hash.update(readFileSync(file));
  return path.resolve("node_modules/.cache/verdeo-demo-media", hash.digest("hex").slice(0, 16));
}

/** One built server with the demo content for the whole browser run. */
export default async function setup(project: TestProject) {
  const buildDir = process.env.VERDEO_BUILD_DIR ?? "build";
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`Run \`npm run build\` before the browser tests (no ${buildDir}/server/index.js)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-e2e-"));
  const cache = demoMediaCache();
  if (existsSync(cache)) cpSync(cache, path.join(dataDir, "media"), { recursive: true });
  const server = await startBuiltServer({}, { dataDir, readyTimeoutMs: 300_000 });
  if (!existsSync(cache)) {
    mkdirSync(cache, { recursive: true });
    for (const folder of ["clips", "posters"]) {
      cpSync(path.join(dataDir, "media", folder), path.join(cache, folder), { recursive: true });
    }
  }
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}
