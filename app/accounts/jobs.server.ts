import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { deleteExpiredAccountDataNow } from "./retention.server";

/** Accounts' retention, once an hour across all processes (a cron schedule in the database). */
export const accountRetentionJob = defineJob<object>({
  name: "accounts.retention",
  cron: "19 * * * *",
  policy: "singleton",
  retryLimit: 2,
  retryDelaySeconds: 60,
  handler: async () => {
    const deleted = await deleteExpiredAccountDataNow();
    logger.info({ deleted }, "accounts retention applied");
  },
});
