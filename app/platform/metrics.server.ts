import { timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { config } from "./config.server";
import { poolStats } from "./db/client.server";
import { jobCounts, queueIsStarted } from "./jobs/queue.server";
import { logger } from "./logger.server";

/**
 * Prometheus metrics of this process at GET /metrics: request durations by route and status,
 * Node's own (event-loop lag, heap, GC), the database pool and the job queue by state.
 */
export const registry = new Registry();
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
  help: "Database pool connections of this process by state (max: the pool's size)",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const stats = poolStats();
    if (!stats) return;
    this.set({ state: "open" }, stats.total);
    this.set({ state: "idle" }, stats.idle);
    this.set({ state: "in_use" }, stats.total - stats.idle);
    this.set({ state: "waiting" }, stats.waiting);
    this.set({ state: "max" }, stats.max);
  },
});

new Gauge({
  name: "verdeo_jobs",
  help: "Jobs in the queue (all processes) by queue and state",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  async collect() {
    if (!queueIsStarted()) return;
    try {
      const counts = await jobCounts();
      this.reset();
      for (const row of counts) this.set({ queue: row.name, state: row.state }, row.count);
    } catch (error) {
      logger.warn({ err: error }, "metrics: job counts unavailable");
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
