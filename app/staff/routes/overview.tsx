import { requirePermission } from "~/accounts/routes/permissions.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { OrdersChart } from "../components/orders-chart";
import { StaffPageHeader } from "../components/staff-ui";
import { SuggestionAcceptance } from "../components/suggestion-acceptance";
import { staffOverview } from "../overview.server";
import type { Route } from "./+types/overview";

export const meta = () => pageMeta("Staff console", "What needs attention.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:access");
  const overview = await staffOverview();
  return {
    attention: [
      { label: "Clips in review", value: overview.clipsInReview, to: "/staff/review" },
      {
        label: "Creator applications",
        value: overview.pendingApplications,
        to: "/staff/creators?status=pending",
      },
      {
        label: "Orders awaiting payment",
        value: overview.ordersAwaitingPayment,
        to: "/staff/orders?status=awaiting_payment",
      },
      { label: "Unanswered messages", value: overview.openMessages, to: "/staff/messages?status=open" },
      { label: "Open clip reports", value: overview.openReports, to: "/staff/reports?status=open" },
      { label: "Failed jobs", value: overview.failedJobs, to: "/staff/jobs" },
    ],
    days: overview.days,
    suggestions: overview.suggestions,
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <StaffPageHeader title="Overview" description="What needs attention now, and how orders went lately." />
      <h2 className="sr-only">Needs attention</h2>
      <ul className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {loaderData.attention.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              className={`block h-full rounded-xl border p-4 hover:border-brand-500 ${
                item.value > 0
                  ? "border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40"
                  : "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60"
              }`}
            >
              <span className="block text-3xl font-bold tabular-nums">{item.value.toLocaleString("en")}</span>
              <span className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mb-3 text-lg font-semibold">Orders and revenue</h2>
      <OrdersChart days={loaderData.days} />
      <SuggestionAcceptance rows={loaderData.suggestions} />
    </main>
  );
}
