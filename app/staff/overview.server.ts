import { countPendingApplications } from "~/accounts/applications/creator-applications.server";
import { countOpenContactMessages } from "~/accounts/contact/contact-inbox.server";
import { countOpenClipReports } from "~/catalog/clips/clip-reports.server";
import { countClipsByStatus } from "~/catalog/clips/staff-clips.server";
import { countOrdersByStatus, listDailyOrders } from "~/commerce/orders/staff-orders.server";
import { jobCounts } from "~/platform/jobs/queue.server";
import { suggestionAcceptance } from "~/studio/clips/keyword-suggestions.server";

/** How many days of orders the overview's chart shows. */
const CHART_DAYS = 30;

/** What needs the staff's attention across the domains, and the orders of the last days. */
export async function staffOverview() {
  const [clips, pendingApplications, orders, openMessages, openReports, days, jobs, suggestions] =
    await Promise.all([
      countClipsByStatus(),
      countPendingApplications(),
      countOrdersByStatus(),
      countOpenContactMessages(),
      countOpenClipReports(),
      listDailyOrders(CHART_DAYS),
      // A job queue that does not answer shows as no failed jobs, not as an error page.
      jobCounts().catch(() => null),
      suggestionAcceptance(),
    ]);
  const failedJobs =
    jobs?.filter((job) => job.state === "failed").reduce((sum, job) => sum + job.count, 0) ?? 0;
  return {
    clipsInReview: clips.in_review ?? 0,
    pendingApplications,
    ordersAwaitingPayment: orders.awaiting_payment ?? 0,
    openMessages,
    openReports,
    failedJobs,
    days,
    suggestions,
  };
}
