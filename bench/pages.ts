/**
 * Server-rendered pages against a bare Node http server answering a static copy of the same HTML,
 * measured back to back in one run so the ratio holds on a noisy machine. Target: ≥ 25%.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { measure, report, startBenchServer } from "./lib";

const PAGES = ["/", "/videos", "/video/1", "/pricing"];
const TARGET_RATIO = 0.25;

export async function benchPages(duration = Number(process.env.BENCH_SECONDS ?? 5)) {
  const server = await startBenchServer();
  const rows = [];
  try {
    for (const page of PAGES) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      const bare = http.createServer((_req, res) => {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(html);
      });
      await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
      const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${page}`;
      const reference = await measure({ url: bareUrl, duration });
      const verdeo = await measure({ url: `${server.url}${page}`, duration });
      bare.close();
      const ratio = verdeo.requestsPerSecond / reference.requestsPerSecond;
      rows.push({
        page,
        "verdeo req/s": verdeo.requestsPerSecond,
        "verdeo p50 ms": verdeo.p50,
        "verdeo p99 ms": verdeo.p99,
        "bare req/s": reference.requestsPerSecond,
        "bare p50 ms": reference.p50,
        "bare p99 ms": reference.p99,
        ratio: Number(ratio.toFixed(3)),
        "non-2xx": verdeo.non2xx,
        target: `≥ ${TARGET_RATIO}`,
        met: ratio >= TARGET_RATIO && verdeo.non2xx === 0,
      });
    }
  } finally {
    await server.stop();
  }
  return report("pages", "Server-rendered pages vs a bare Node server (50 connections)", rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages();
