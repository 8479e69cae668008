/**
 * Runs in a worker thread of the build (scripts/vite/precompress-assets.ts): compresses each named
 * file at the strongest levels (brotli 11, gzip 9) beside it, keeping a copy only when it is smaller.
 * Synchronous on purpose: this thread does nothing else, and the build's main thread goes on meanwhile.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";

/** @type {{ dir: string; names: string[] }} */
const { dir, names } = workerData;
for (const name of names) {
  const file = path.join(dir, name);
  const source = readFileSync(file);
  const br = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < source.length) writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
}
parentPort?.postMessage(names.length);
