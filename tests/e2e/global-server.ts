import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { restoreDemoMedia, saveDemoMedia, waitForDemoMedia } from "../support/demo-media";
import { startFakeVatRegisters } from "../support/fake-vat-registers";
import { startBuiltServer } from "../support/server-process";

/** One built server with the demo content for the whole browser run. */
export default async function setup(project: TestProject) {
  const buildDir = process.env.VERDEO_BUILD_DIR ?? "build";
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`Run \`npm run build\` before the browser tests (no ${buildDir}/server/index.js)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-e2e-"));
  restoreDemoMedia(dataDir);
  // VAT numbers are confirmed by a fake VIES and HMRC, each number's answer read from its digits.
  const registers = await startFakeVatRegisters();
  const server = await startBuiltServer(
    // One trusted proxy hop: each browser context names its own visitor's address (browser.ts).
    { VIES_URL: registers.viesUrl, HMRC_VAT_URL: registers.hmrcUrl, TRUST_PROXY: "1" },
    { dataDir, readyTimeoutMs: 300_000 },
  );
  try {
    await waitForDemoMedia(server.url, dataDir);
  } catch (error) {
    // No teardown follows a failed setup: the server (and its ffmpeg) would outlive the run.
    await server.stop();
    await registers.close();
    throw error;
  }
  await saveDemoMedia(dataDir);
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
    await registers.close();
    // A 500 in a browser test is explained by the server's own log, which CI keeps nowhere else.
    const errors = server.errors();
    if (errors.length > 0)
      console.error(
        `The server logged these errors (the faults some tests inject among them):\n${errors.join("\n")}`,
      );
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}
