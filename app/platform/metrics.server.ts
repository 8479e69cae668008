import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Gauge, Histogram } from "prom-client";
import { config } from "./config.server";
import { poolStats } from "./db/client.server";
import { oldestQueuedJobAges, queueDepths, queueIsStarted, queueReportsHere } from "./jobs/queue.server";
import { logger } from "./logger.server";
import { registry } from "./metrics/registry.server";
import "./metrics/business.server";

/**
 * Prometheus metrics of this process at GET /metrics (the worker's on its own port): request
 * durations by route and status, Node's own (event-loop lag, heap, GC), the database pool, the job
 * queue by state with the age of its oldest waiting job, and the business counters
 * (metrics/business.server.ts).
 */
export { registry };

collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route pattern, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

new Gauge({
  name: "verdeo_db_pool_connections",
  help: "Database pool connections of this process by pool (primary, replica) and state (max: the pool's size)",
  labelNames: ["pool", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { pool, ...stats } of poolStats()) {
      this.set({ pool, state: "open" }, stats.total);
      this.set({ pool, state: "idle" }, stats.idle);
      this.set({ pool, state: "in_use" }, stats.total - stats.idle);
      this.set({ pool, state: "waiting" }, stats.waiting);
      this.set({ pool, state: "max" }, stats.max);
    }
  },
});

/**
 * The queue's gauges describe the whole deployment: one working process reports them (see
 * jobs/queue-reporter.server.ts), so a sum over processes counts each job once. They come from
 * pg-boss's per-queue counts, refreshed every 15 s, not from a count of the job table per scrape.
 */
new Gauge({
  name: "verdeo_jobs",
  help: "Jobs in the queue (the whole deployment, reported by one process) by queue and state",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!queueIsStarted()) return;
    try {
      if (!(await queueReportsHere())) return;
      for (const queue of await queueDepths()) {
        this.set({ queue: queue.name, state: "queued" }, queue.queued);
        this.set({ queue: queue.name, state: "running" }, queue.running);
        this.set({ queue: queue.name, state: "failed" }, queue.failed);
      }
    } catch (error) {
      logger.warn({ err: error }, "metrics: job counts unavailable");
    }
  },
});

new Gauge({
  name: "verdeo_jobs_oldest_queued_age_seconds",
  help: "Age of the oldest job waiting to start (due now, not running) by queue: 0 when none waits (reported by one process)",
  labelNames: ["queue"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!queueIsStarted()) return;
    try {
      if (!(await queueReportsHere())) return;
      for (const row of await oldestQueuedJobAges()) this.set({ queue: row.name }, row.ageSeconds);
    } catch (error) {
      logger.warn({ err: error }, "metrics: job ages unavailable");
    }
  },
});

export type MetricsAccess = "allowed" | "denied";

/**
 * Metrics tell an outsider more than they should (routes, load, queue sizes): they answer only a
 * request from this machine that did not come through a proxy, or one with METRICS_TOKEN as its
 * bearer token.
 */
export function metricsAccess(request: {
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}): MetricsAccess {
  const token = config().METRICS_TOKEN;
  const authorization = request.headers.authorization;
  if (token && typeof authorization === "string" && authorization.startsWith("Bearer ")) {
    const given = Buffer.from(authorization.slice(7));
    const expected = Buffer.from(token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return "allowed";
  }
  const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && isLoopback(request.remoteAddress) ? "allowed" : "denied";
}

function isLoopback(address: string | undefined) {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** Answers GET /metrics (web and worker alike): the registry in Prometheus' format, or 404 when not allowed. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse) {
  if (metricsAccess({ remoteAddress: req.socket.remoteAddress, headers: req.headers }) !== "allowed") {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
    return;
  }
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(body);
}
