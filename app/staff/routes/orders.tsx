import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { shortOrderId } from "~/commerce/orders/order-id";
import { listOrdersForStaff, STAFF_ORDER_SORTS } from "~/commerce/orders/staff-orders.server";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/commerce/pricing/plans";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import { statusFilter } from "../components/columns";
import { TextField } from "../components/fields";
import { StaffListPage } from "../components/list-page";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { ORDER_STATUS_TONES } from "../tones";
import type { Route } from "./+types/orders";

export const meta = () => pageMeta("Orders · Staff", "Every order; record payments, cancel, refund.");

const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .transform((day) => new Date(`${day}T00:00:00Z`))
  .refine((date) => !Number.isNaN(date.getTime()))
  .optional()
  .catch(undefined);

const OrderListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(ORDER_STATUSES), from: DaySchema, to: DaySchema },
  { sorts: STAFF_ORDER_SORTS, defaultSort: "newest" },
);

const SORTS = {
  newest: "Placed, newest first",
  oldest: "Placed, oldest first",
  total: "Total, highest first",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  const params = searchParamsOf(request);
  // `email=` is what older links (and bookmarks) filter by; the search box reads both.
  const filter = OrderListSchema.parse({ q: params.email, ...params });
  return { orders: await listOrdersForStaff(filter), filter, days: { from: params.from, to: params.to } };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, filter, days } = loaderData;
  return (
    <StaffListPage
      title="Orders"
      description="Record a payment to grant the buyer's downloads; cancel or refund when needed."
      search={{ value: filter.q, label: "Email or order id", placeholder: "buyer@example.com or 1A2B3C4D" }}
      selects={[statusFilter(filter.status, ORDER_STATUSES, ORDER_STATUS_LABELS)]}
      fields={
        <>
          <TextField label="Placed from" name="from" type="date" defaultValue={days.from ?? ""} />
          <TextField label="Placed until" name="to" type="date" defaultValue={days.to ?? ""} />
        </>
      }
      sort={{ value: filter.sort, labels: SORTS }}
      page={orders}
      caption="Orders"
      rowKey={(order) => order.id}
      columns={(c) => [
        c.link(
          "Order",
          (order) => `/staff/orders/${order.id}`,
          (order) => shortOrderId(order.id),
          { mono: true },
        ),
        { header: "Buyer", cell: (order) => order.email, className: "break-all" },
        { header: "Plan", cell: (order) => `${order.planTitle} · ${order.downloads || "unlimited"}` },
        {
          header: "Total",
          cell: (order) => formatMoney(order.totalCents, undefined, order.currency),
          sorts: { total: "descending" },
          className: "tabular-nums",
        },
        c.status((order) => order.status, ORDER_STATUS_TONES, ORDER_STATUS_LABELS),
        c.time("Placed", (order) => order.createdAt),
      ]}
    />
  );
}
