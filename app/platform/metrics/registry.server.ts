import { Registry } from "prom-client";

/**
 * The process's Prometheus registry. Kept apart from the exporter (metrics.server.ts, which reads the
 * pool and the queue) so any module can count something without importing the database or the logger.
 */
export const registry = new Registry();
