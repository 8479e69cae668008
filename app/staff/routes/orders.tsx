import { Link } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/permissions.server";
import { shortOrderId } from "~/commerce/order-id";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/commerce/plans";
import { listOrdersForStaff, STAFF_ORDER_SORTS } from "~/commerce/staff-orders.server";
import { pageMeta } from "~/components/meta";
import { TextField } from "../components/fields";
import { choices, StaffListPage } from "../components/list-page";
import { formatCents, formatDateTime, Pill } from "../components/staff-ui";
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

const SORTS = [
  { value: "newest", label: "Placed, newest first" },
  { value: "oldest", label: "Placed, oldest first" },
  { value: "total", label: "Total, highest first" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  const params = searchParamsOf(request);
  // `email=` is what older links (and bookmarks) filter by; the search box reads both.
  const filter = OrderListSchema.parse({ q: params.email, ...params });
  return { orders: await listOrdersForStaff(filter), filter, days: { from: params.from, to: params.to } };
}

type Row = Route.ComponentProps["loaderData"]["orders"]["rows"][number];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, filter, days } = loaderData;
  return (
    <StaffListPage<Row>
      title="Orders"
      description="Record a payment to grant the buyer's downloads; cancel or refund when needed."
      search={{ value: filter.q, label: "Email or order id", placeholder: "buyer@example.com or 1A2B3C4D" }}
      selects={[
        {
          name: "status",
          label: "Status",
          value: filter.status,
          options: choices(ORDER_STATUSES, ORDER_STATUS_LABELS, "Any status"),
        },
      ]}
      fields={
        <>
          <TextField label="Placed from" name="from" type="date" defaultValue={days.from ?? ""} />
          <TextField label="Placed until" name="to" type="date" defaultValue={days.to ?? ""} />
        </>
      }
      sort={{ value: filter.sort, options: SORTS }}
      page={orders}
      caption="Orders"
      rowKey={(order) => order.id}
      columns={[
        {
          header: "Order",
          cell: (order) => (
            <Link
              to={`/staff/orders/${order.id}`}
              className="font-mono text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {shortOrderId(order.id)}
            </Link>
          ),
        },
        { header: "Buyer", cell: (order) => order.email, className: "break-all" },
        { header: "Plan", cell: (order) => `${order.planTitle} · ${order.downloads || "unlimited"}` },
        {
          header: "Total",
          cell: (order) => formatCents(order.totalCents),
          sorts: { total: "descending" },
          className: "tabular-nums",
        },
        {
          header: "Status",
          cell: (order) => (
            <Pill tone={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Pill>
          ),
        },
        {
          header: "Placed (UTC)",
          cell: (order) => formatDateTime(order.createdAt),
          sorts: { newest: "descending", oldest: "ascending" },
          className: "whitespace-nowrap",
        },
      ]}
    />
  );
}
