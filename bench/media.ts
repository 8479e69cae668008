/**
 * Media delivery: full and ranged reads of a clip through Verdeo against a bare
 * fs.createReadStream server, in one run. Target: ≥ 80% of the bare server's MB/s.
 */
import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { BENCH_DATA_DIR, measure, report, startBenchServer } from "./lib";

const CLIP = "clips/1.mp4";
const TARGET_RATIO = 0.8;
const RANGE = "bytes=262144-786431";

function bareServer(file: string) {
  const size = statSync(file).size;
  return http.createServer((req, res) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    if (match) {
      const start = Number(match[1]);
      const end = Math.min(Number(match[2]), size - 1);
      res.writeHead(206, {
        "Content-Type": "video/mp4",
        "Content-Length": end - start + 1,
        "Content-Range": `bytes ${start}-${end}/${size}`,
      });
      createReadStream(file, { start, end }).pipe(res);
    } else {
      res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": size });
      createReadStream(file).pipe(res);
    }
  });
}

export async function benchMedia(duration = Number(process.env.BENCH_SECONDS ?? 5)) {
  const server = await startBenchServer();
  const bare = bareServer(path.join(BENCH_DATA_DIR, "media", CLIP));
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/${CLIP}`;
  const rows = [];
  try {
    for (const [kind, headers] of [
      ["full", {}],
      ["range", { range: RANGE }],
    ] as const) {
      const reference = await measure({ url: bareUrl, headers, duration, connections: 10 });
      const verdeo = await measure({
        url: `${server.url}/media/${CLIP}`,
        headers,
        duration,
        connections: 10,
      });
      const ratio = verdeo.bytesPerSecond / reference.bytesPerSecond;
      rows.push({
        read: kind,
        "verdeo MB/s": verdeo.bytesPerSecond / 1e6,
        "bare MB/s": reference.bytesPerSecond / 1e6,
        "verdeo p50 ms": verdeo.p50,
        "bare p50 ms": reference.p50,
        ratio: Number(ratio.toFixed(3)),
        target: `≥ ${TARGET_RATIO}`,
        met: ratio >= TARGET_RATIO,
      });
    }
  } finally {
    bare.close();
    await server.stop();
  }
  return report("media", "Media reads vs a bare fs.createReadStream server (10 connections)", rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMedia();
