import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { proposeLastMonthsRun } from "./payout-runs.server";
import { transferPayoutJob } from "./payout-runs-transfers.server";

/**
 * On the 1st of each month at 06:00 UTC, the run of the month that just ended is proposed for staff
 * to review. A rerun (or a second worker) finds the month's run and changes nothing.
 */
export const proposePayoutRunJob = defineJob<{ now?: string }>({
  name: "payouts.propose-run",
  cron: "0 6 1 * *",
  policy: "singleton",
  retryLimit: 3,
  retryDelaySeconds: 300,
  handler: async ({ now }) => {
    const result = await proposeLastMonthsRun(now ? new Date(now) : new Date());
    if (result.ok && result.value.created)
      logger.info({ period: result.value.run.period }, "payout run proposed");
  },
});

export const PAYOUT_JOBS = [proposePayoutRunJob, transferPayoutJob] as const;
