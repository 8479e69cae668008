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
