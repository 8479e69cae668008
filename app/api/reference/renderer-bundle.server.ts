import { createRequire } from "node:module";
import path from "node:path";

/**
 * Where the API reference's renderer (Scalar's standalone browser bundle) is read from. The build
 * copies it into the server build (vite.config.ts), so `@scalar/api-reference` is a devDependency
 * and a production install leaves its 150 MB of Vue sources out (docs/deploy.md); development
 * reads it from the package.
 */
export const RENDERER_IN_BUILD = path.join("server", "vendor", "scalar-standalone.js");

/** The bundle in the installed package: its main file is dist/index.js, the bundle beside it (not an export). */
export function rendererInPackage(): string {
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  return path.join(path.dirname(main), "browser", "standalone.js");
}
