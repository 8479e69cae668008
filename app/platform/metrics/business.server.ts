import { Counter, Histogram } from "prom-client";
import { registry } from "./registry.server";

/**
 * What an operator watches besides HTTP and Node: each is counted with a one-line call where the
 * thing happens (`ordersTotal.inc({ event: "paid" })`). Labels are a small fixed set, never ids.
 */

/** Orders by lifecycle event: placed (checkout), paid, refunded, cancelled. */
export const ordersTotal = new Counter({
  name: "verdeo_orders_total",
  help: "Order lifecycle events: placed, paid, refunded, cancelled",
  labelNames: ["event"] as const,
  registers: [registry],
});

/** Stripe webhook deliveries by what became of them. */
export const paymentWebhooksTotal = new Counter({
  name: "verdeo_payment_webhooks_total",
  help: "Stripe webhook deliveries (both endpoints) by outcome: paid, applied, already_processed, ignored (an event we do not act on), bad_signature, wrong_endpoint, too_early, amount_mismatch, order_not_payable, disabled (no Stripe keys), connect_disabled (no Connect secret)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const downloadsTotal = new Counter({
  name: "verdeo_downloads_total",
  help: "Licensed downloads granted (each one a license)",
  registers: [registry],
});

export const uploadsTotal = new Counter({
  name: "verdeo_uploads_total",
  help: "Creator uploads received in full (each becomes a clip in processing)",
  registers: [registry],
});

/** The media pipeline's steps: how long each takes, and which fail. */
export const pipelineStageDuration = new Histogram({
  name: "verdeo_pipeline_stage_duration_seconds",
  help: "Time one media pipeline stage took, by stage and outcome (ok, error)",
  labelNames: ["stage", "outcome"] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [registry],
});

export const pipelineFailuresTotal = new Counter({
  name: "verdeo_pipeline_failures_total",
  help: "Media pipeline failures by stage and reason: error (an attempt threw; it is retried), unusable (the file is not a usable video: the clip fails)",
  labelNames: ["stage", "reason"] as const,
  registers: [registry],
});

/** Runs one pipeline stage, timing it and counting a failure. */
export async function timePipelineStage<T>(stage: string, work: () => Promise<T>): Promise<T> {
  const end = pipelineStageDuration.startTimer({ stage });
  try {
    const result = await work();
    end({ outcome: "ok" });
    return result;
  } catch (error) {
    end({ outcome: "error" });
    pipelineFailuresTotal.inc({ stage, reason: "error" });
    throw error;
  }
}

export const mailsTotal = new Counter({
  name: "verdeo_mails_total",
  help: "Mail send attempts by outcome: sent (SMTP accepted it), outbox (written to DATA_DIR/outbox, no SMTP_URL), failed (this attempt failed; it is retried)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const jobAttemptsTotal = new Counter({
  name: "verdeo_job_attempts_total",
  help: "Job attempts worked by this process, by queue and outcome: completed, retry (failed, will be retried), failed (failed for good)",
  labelNames: ["queue", "outcome"] as const,
  registers: [registry],
});

export const pageCacheTotal = new Counter({
  name: "verdeo_page_cache_requests_total",
  help: "Anonymous public page requests by page cache result (hit, miss); hit ratio = hit / (hit + miss)",
  labelNames: ["result"] as const,
  registers: [registry],
});

/**
 * Rows of rate_limits written (one per key per statement): a hit counted in the database writes one,
 * a reservation one per key it reserves for (docs/decisions/0028-rate-limit-reservations.md).
 */
export const rateLimitRowWritesTotal = new Counter({
  name: "verdeo_rate_limit_row_writes_total",
  help: "Rows of the rate-limit counts written, by how the rule counts (hit or reserved)",
  labelNames: ["counted"] as const,
  registers: [registry],
});

export const rateLimitRefusalsTotal = new Counter({
  name: "verdeo_rate_limit_refusals_total",
  help: "Requests refused by a rate limit, by policy",
  labelNames: ["policy"] as const,
  registers: [registry],
});

/** Every series a dashboard shows starts at 0, so it exists before the first event. */
for (const event of ["placed", "paid", "refunded", "cancelled"]) ordersTotal.inc({ event }, 0);
for (const outcome of ["paid", "already_processed", "ignored", "bad_signature", "amount_mismatch"])
  paymentWebhooksTotal.inc({ outcome }, 0);
for (const outcome of ["sent", "outbox", "failed"]) mailsTotal.inc({ outcome }, 0);
for (const result of ["hit", "miss"]) pageCacheTotal.inc({ result }, 0);
