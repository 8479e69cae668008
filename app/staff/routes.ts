import { index, layout, prefix, route } from "@react-router/dev/routes";

/** The staff console, inside the site layout; every loader and action asks for its permission. */
export const staffPages = [
  ...prefix("staff", [
    layout("staff/routes/layout.tsx", [
      index("staff/routes/overview.tsx"),
      route("review", "staff/routes/review.tsx"),
      route("clips", "staff/routes/clips.tsx"),
      route("clips/:clipId", "staff/routes/clip.tsx"),
      route("clips/:clipId/releases/:releaseId", "staff/routes/clip-release.ts"),
      route("reports", "staff/routes/reports.tsx"),
      route("creators", "staff/routes/creators.tsx"),
      route("orders", "staff/routes/orders.tsx"),
      route("orders/:orderId", "staff/routes/order.tsx"),
      route("subscriptions", "staff/routes/subscriptions.tsx"),
      route("tax", "staff/routes/tax.tsx"),
      route("tax/file", "staff/routes/tax-file.ts"),
      route("payouts", "staff/routes/payouts.tsx"),
      route("payouts/report", "staff/routes/payout-report.ts"),
      route("payouts/:runId", "staff/routes/payout-run.tsx"),
      route("payouts/:runId/files/:kind", "staff/routes/payout-run-file.ts"),
      route("jobs", "staff/routes/jobs.tsx"),
      route("messages", "staff/routes/messages.tsx"),
      route("messages/:messageId", "staff/routes/message.tsx"),
      route("promos", "staff/routes/promos.tsx"),
      route("promos/new", "staff/routes/promo-new.tsx"),
      route("promos/:code", "staff/routes/promo.tsx"),
      route("plans", "staff/routes/plans.tsx"),
      route("users", "staff/routes/users.tsx"),
      route("audit", "staff/routes/audit.tsx"),
    ]),
  ]),
];
