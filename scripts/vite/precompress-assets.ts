import { Worker } from "node:worker_threads";
import type { Plugin } from "vite";

/** Text assets worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * The client build's compression, shared with the server build of the same `react-router build`
 * run: React Router builds them one after the other in one process, each with its own copy of
 * this module (Vite loads the config once per build), so the pending work is kept on globalThis.
 */
const PENDING = Symbol.for("verdeo.precompress-assets");
type Pending = { [PENDING]?: Promise<void> };

/**
 * Writes each client asset compressed at the strongest levels (brotli 11, gzip 9) beside it
 * (`x.js.br`, `x.js.gz`): the server sends those instead of compressing every response on the fly
 * at the fast, weaker level that suits dynamic pages (server/precompressed-assets.ts).
 *
 * Brotli 11 is the slowest step of the client build (about 2 s of CPU), so it runs in a worker
 * thread while the server build goes on (the server build's main thread leaves the second core
 * idle), and the server build waits for it at its end: the build ends only with every copy written.
 */
export function precompressAssets(): Plugin {
  let ssr = false;
  return {
    name: "verdeo-precompress-assets",
    apply: "build",
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      (globalThis as Pending)[PENDING] = compressInWorker(options.dir, names);
    },
    async closeBundle() {
      const pending = globalThis as Pending;
      const work = pending[PENDING];
      // The client build's own end, or a server build in a run without a client build: nothing to wait for.
      if (!ssr || !work) return;
      delete pending[PENDING];
      await work;
    },
  };
}

function compressInWorker(dir: string, names: string[]) {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL("./precompress-worker.mjs", import.meta.url), {
      workerData: { dir, names },
    });
    worker.once("message", () => resolve());
    worker.once("error", reject);
    worker.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`asset compression stopped with code ${code}`)),
    );
  });
}
