import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "./server-process";

/** One built server with the demo content for the whole browser run. */
export default async function setup(project: TestProject) {
  if (!existsSync("build/server/index.js")) throw new Error("Run `npm run build` before the browser tests");
  const server = await startBuiltServer();
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
