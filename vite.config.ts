import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { RENDERER_IN_BUILD, rendererInPackage } from "./app/api/reference/renderer-bundle.server";
import { precompressAssets } from "./scripts/vite/precompress-assets";

/**
 * The process entries compiled beside the app (see `build` below), and the model thread's entry
 * that jobs start as a worker thread (app/media/analysis/model-thread.server.ts).
 */
const SERVER_ENTRIES = {
  index: "./server/app.ts",
  main: "./server/main.ts",
  worker: "./server/worker.ts",
  cli: "./server/cli.ts",
  "frame-models-thread": "./app/media/analysis/frame-models-thread.server.ts",
};

/**
 * React Router names every server entry `index.js` (then index2.js, …). Each process entry keeps its
 * own name instead, so `node build/server/main.js` is the server and `worker.js` the worker.
 */
function serverEntryNames(): Plugin {
  let ssr = false;
  return {
    name: "verdeo-server-entry-names",
    apply: "build",
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    outputOptions(options) {
      if (!ssr) return null;
      return { ...options, entryFileNames: (chunk) => `${chunk.name}.js` };
    },
  };
}

/**
 * Copies the API reference's renderer into the server build (app/api/reference/renderer-bundle.server.ts):
 * production then installs without its package.
 */
function vendorApiReferenceRenderer(): Plugin {
  let ssr = false;
  return {
    name: "verdeo-vendor-api-reference",
    apply: "build",
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    async generateBundle() {
      if (!ssr) return;
      this.emitFile({
        type: "asset",
        fileName: path.relative("server", RENDERER_IN_BUILD),
        source: await readFile(rendererInPackage()),
      });
    },
  };
}

/**
 * Pages receive their ICU messages already parsed (app/platform/i18n/catalogues.server.ts), so the
 * browser's copy of FormatJS leaves out its parser: about 7 KB less JavaScript on every page.
 */
function messagesWithoutParser(): Plugin {
  const noParser = fileURLToPath(
    new URL("./node_modules/@formatjs/icu-messageformat-parser/no-parser.js", import.meta.url),
  );
  return {
    name: "verdeo-messages-without-parser",
    enforce: "pre",
    resolveId(source, _importer, options) {
      return source === "@formatjs/icu-messageformat-parser" && !options?.ssr ? noParser : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // Vite ignores tsconfig `paths`, so the `~` alias is declared here too.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The server build bundles the Express app with the routes, so both share one instance of every
  // server module (database pool, config, storage). The process entries (web server, worker,
  // operator CLI) are compiled with it: production runs plain `node`, no TypeScript loader.
  // Vite gzips every chunk only to print its size: work the build's output never uses.
  build: {
    reportCompressedSize: false,
    ...(isSsrBuild ? { rollupOptions: { input: SERVER_ENTRIES }, target: "node24" } : {}),
  },
  plugins: [
    messagesWithoutParser(),
    tailwindcss(),
    reactRouter(),
    serverEntryNames(),
    precompressAssets(),
    vendorApiReferenceRenderer(),
  ],
}));
