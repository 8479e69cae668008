import { requirePermission } from "~/accounts/routes/permissions.server";
import { RENEWALS_DUE_DAYS } from "~/commerce/billing/subscriptions";
import { listSubscriptionsForStaff, type StaffSubscriptionRow } from "~/commerce/orders/staff-orders.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import { type Column, DataTable } from "../components/data-table";
import { formatDateTime, Pill, type PillTone, StaffPageHeader } from "../components/staff-ui";
import type { Route } from "./+types/subscriptions";

export const meta = () => pageMeta("Subscriptions · Staff", "Subscriptions and the renewals due.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  return { subscriptions: await listSubscriptionsForStaff() };
}

const STATE_TONES: Record<StaffSubscriptionRow["state"], PillTone> = {
  active: "green",
  past_due: "red",
  ending: "amber",
  ended: "zinc",
};

const COLUMNS: Column<StaffSubscriptionRow>[] = [
  {
    header: "Buyer",
    cell: (row) => (
      <Link to={`/staff/orders/${row.orderId}`} className="font-medium underline underline-offset-2">
        {row.email}
      </Link>
    ),
  },
  { header: "Plan", cell: (row) => row.planLabel },
  {
    header: "Renewed by",
    cell: (row) => (row.provider === "stripe" ? "Stripe (card)" : "The team (bank transfer)"),
  },
  { header: "State", cell: (row) => <Pill tone={STATE_TONES[row.state]}>{row.stateLabel}</Pill> },
  {
    header: "Period ends",
    cell: (row) => (
      <>
        {formatDateTime(row.currentPeriodEnd)}
        {row.dueSoon ? (
          <span className="ml-2 font-semibold text-amber-800 dark:text-amber-200">Due soon</span>
        ) : null}
      </>
    ),
  },
  { header: "Renewal", cell: (row) => formatMoney(row.amountCents, undefined, row.currency) },
];

/** Every subscription, the renewals due soon first: a manual one is renewed or stopped on its order's page. */
export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <StaffPageHeader
        title="Subscriptions"
        description={`Periods ending in the next ${RENEWALS_DUE_DAYS} days come first. Open the buyer's order to renew a bank-transfer subscription or stop its renewal.`}
      />
      <DataTable
        caption="Subscriptions, renewals due first"
        columns={COLUMNS}
        rows={loaderData.subscriptions}
        rowKey={(row) => row.id}
      />
    </main>
  );
}
