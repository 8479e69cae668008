/**
 * Media delivery: full and ranged reads of a clip through Verdeo against a bare
 * fs.createReadStream server (its own process), in one run. Target: ≥ 80% of the bare server's MB/s.
 */
import path from "node:path";
import {
  BENCH_DATA_DIR,
  demoPreviewKey,
  measure,
  report,
  startBenchServer,
  startReferenceServer,
} from "./lib";

/** The first demo clip's 720p preview: what the clip page plays. */
const CLIP = demoPreviewKey(1);
const TARGET_RATIO = 0.8;
const RANGE = "bytes=262144-786431";

export async function benchMedia(duration = Number(process.env.BENCH_SECONDS ?? 5)) {
  const server = await startBenchServer();
  const bare = await startReferenceServer("--file", path.join(BENCH_DATA_DIR, "media", CLIP));
  const bareUrl = `${bare.url}/${CLIP}`;
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
    await bare.stop();
    await server.stop();
  }
  return report("media", "Media reads vs a bare fs.createReadStream server (10 connections)", rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMedia();
