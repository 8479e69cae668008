import { Link } from "react-router";
import { z } from "zod";
import { EMAIL_MAX } from "~/accounts/email";
import { requirePermission } from "~/accounts/permissions.server";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/commerce/plans";
import { listOrdersForStaff, STAFF_ORDER_SORTS } from "~/commerce/staff-orders.server";
import { pageMeta } from "~/components/meta";
import {
  cellClass,
  FilterBar,
  fieldClass,
  formatCents,
  formatDateTime,
  labelClass,
  Pagination,
  Pill,
  plainHeader,
  rowClass,
  SortHeader,
  StaffPageHeader,
  StaffTable,
  theadClass,
} from "../components/staff-ui";
import { listFilter, listQuerySchema, searchParamsOf } from "../list-query";
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
  {
    email: z.string().trim().max(EMAIL_MAX).optional().catch(undefined),
    status: listFilter(ORDER_STATUSES),
    from: DaySchema,
    to: DaySchema,
  },
  { sorts: STAFF_ORDER_SORTS, defaultSort: "newest" },
);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  const params = searchParamsOf(request);
  const filter = OrderListSchema.parse(params);
  return {
    orders: await listOrdersForStaff(filter),
    filter,
    days: { from: params.from ?? "", to: params.to ?? "" },
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, filter, days } = loaderData;
  return (
    <main>
      <StaffPageHeader
        title="Orders"
        description="Record a payment to grant the buyer's downloads; cancel or refund when needed."
      />
      <FilterBar
        q={undefined}
        placeholder=""
        selects={[
          {
            name: "status",
            label: "Status",
            value: filter.status ?? "",
            options: [
              { value: "", label: "Any status" },
              ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
            ],
          },
        ]}
        extra={
          <>
            <div className="sm:min-w-56 sm:flex-1">
              <label htmlFor="orders-email" className={labelClass}>
                Email
              </label>
              <input
                id="orders-email"
                name="email"
                type="search"
                defaultValue={filter.email ?? ""}
                placeholder="buyer@example.com"
                maxLength={EMAIL_MAX}
                className={`mt-1 ${fieldClass}`}
              />
            </div>
            <div>
              <label htmlFor="orders-from" className={labelClass}>
                From
              </label>
              <input
                id="orders-from"
                name="from"
                type="date"
                defaultValue={days.from}
                className={`mt-1 ${fieldClass}`}
              />
            </div>
            <div>
              <label htmlFor="orders-to" className={labelClass}>
                To
              </label>
              <input
                id="orders-to"
                name="to"
                type="date"
                defaultValue={days.to}
                className={`mt-1 ${fieldClass}`}
              />
            </div>
            <input type="hidden" name="sort" value={filter.sort} />
          </>
        }
      />
      <StaffTable caption="Orders">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={plainHeader}>
              Order
            </th>
            <th scope="col" className={plainHeader}>
              Buyer
            </th>
            <th scope="col" className={plainHeader}>
              Plan
            </th>
            <SortHeader label="Total" sort="total" current={filter.sort} />
            <th scope="col" className={plainHeader}>
              Status
            </th>
            <SortHeader label="Placed (newest)" sort="newest" current={filter.sort} />
            <SortHeader label="Oldest first" sort="oldest" current={filter.sort} />
          </tr>
        </thead>
        <tbody>
          {orders.rows.map((order) => (
            <tr key={order.id} className={rowClass}>
              <td className={cellClass}>
                <Link
                  to={`/staff/orders/${order.id}`}
                  className="font-mono text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
                >
                  {order.id.slice(0, 8)}
                </Link>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{order.email}</td>
              <td className={cellClass}>
                {order.planTitle} · {order.downloads || "unlimited"}
              </td>
              <td className={`${cellClass} tabular-nums`}>{formatCents(order.totalCents)}</td>
              <td className={cellClass}>
                <Pill tone={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Pill>
              </td>
              <td className={cellClass} colSpan={2}>
                {formatDateTime(order.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </StaffTable>
      <Pagination page={orders} />
    </main>
  );
}
