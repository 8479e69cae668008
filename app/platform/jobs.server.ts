import { sweepEndedRateLimitWindows } from "./http/rate-limit.server";
import { RATE_LIMIT_RULES } from "./http/rate-limit-policies";
import { defineJob } from "./jobs/define.server";
import { logger } from "./logger.server";
import { applyRetention } from "./retention.server";

/**
 * Retention runs from one cron schedule in the database: once an hour across all processes,
 * whatever their number (it used to be a timer in every process).
 */
export const retentionJob = defineJob<object>({
  name: "platform.retention",
  cron: "17 * * * *",
  policy: "singleton",
  retryLimit: 2,
  retryDelaySeconds: 60,
  handler: async () => {
    const deleted = await applyRetention();
    logger.info({ deleted }, "retention applied");
  },
});

/**
 * Rate-limit counts live only as long as their window (plus at most this job's period): with many
 * processes and API clients the table would otherwise hold two days of rows per key and address.
 */
export const rateLimitSweepJob = defineJob<object>({
  name: "platform.rate-limit-sweep",
  cron: "*/5 * * * *",
  policy: "singleton",
  retryLimit: 1,
  retryDelaySeconds: 60,
  handler: async () => {
    const deleted = await sweepEndedRateLimitWindows(RATE_LIMIT_RULES);
    logger.debug({ deleted }, "ended rate-limit windows deleted");
  },
});
