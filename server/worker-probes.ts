import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "~/platform/config.server";

/**
 * The worker's own small HTTP server on WORKER_PORT: GET /healthz (200 while the process works jobs,
 * 503 once it stops or if its queue is not working) and GET /metrics (the same rules as the web
 * process's: from this machine, or with METRICS_TOKEN).
 */
export async function startWorkerProbes(config: Config, working: () => boolean) {
  const { answerMetrics } = await import("~/platform/metrics.server");
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405).end();
    if (path === "/healthz") {
      const ok = working();
      res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      return void res.end(JSON.stringify({ status: ok ? "ok" : "not working" }));
    }
    if (path === "/metrics") {
      return void answerMetrics(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${config.WORKER_PORT} on ${config.HOST} is already in use (set WORKER_PORT)`)
          : error,
      ),
    );
    server.listen(config.WORKER_PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
