import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { fetchAllConnectStatuses } from "./details/payout-details-stripe.server";
import { proposeLastMonthsRun } from "./runs/payout-runs.server";
import { transferPayoutJob } from "./runs/payout-runs-transfers.server";

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

/**
 * Every day at 04:30 UTC each creator's Stripe Connect account status is fetched from Stripe, so a
 * lost `account.updated` (an endpoint misconfigured, a delivery Stripe gave up on) cannot keep a
 * creator from being paid, or keep paying an account Stripe restricted (decision 0021).
 */
export const fetchConnectStatusesJob = defineJob<object>({
  name: "payouts.fetch-connect-statuses",
  cron: "30 4 * * *",
  policy: "singleton",
  retryLimit: 2,
  retryDelaySeconds: 600,
  handler: async () => {
    const counts = await fetchAllConnectStatuses();
    if (counts.changed > 0 || counts.failed > 0) logger.info(counts, "Stripe Connect statuses fetched");
  },
});

export const PAYOUT_JOBS = [proposePayoutRunJob, transferPayoutJob, fetchConnectStatusesJob] as const;
