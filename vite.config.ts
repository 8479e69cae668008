import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { RENDERER_IN_BUILD, rendererInPackage } from "./app/api/reference/renderer-bundle.server";

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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text assets worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes each client asset compressed at the strongest levels (brotli 11, gzip 9) beside it
 * (`x.js.br`, `x.js.gz`): the server sends those instead of compressing every response on the fly
 * at the fast, weaker level that suits dynamic pages. A copy no smaller than the file is not kept.
 */
function precompressAssets(): Plugin {
  let ssr = false;
  return {
    name: "verdeo-precompress-assets",
    apply: "build",
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    async writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      const dir = options.dir;
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // Vite ignores tsconfig `paths`, so the `~` alias is declared here too.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The server build bundles the Express app with the routes, so both share one instance of every
  // server module (database pool, config, storage). The process entries (web server, worker,
  // operator CLI) are compiled with it: production runs plain `node`, no TypeScript loader.
  build: isSsrBuild ? { rollupOptions: { input: SERVER_ENTRIES }, target: "node24" } : {},
  plugins: [
    tailwindcss(),
    reactRouter(),
    serverEntryNames(),
    precompressAssets(),
    vendorApiReferenceRenderer(),
  ],
}));
