import { Link } from "react-router";
import { requirePermission } from "~/accounts/permissions.server";
import { listPromoCodes, PROMO_SORTS } from "~/commerce/promo-admin.server";
import { buttonClass } from "~/components/button";
import { pageMeta } from "~/components/meta";
import {
  cellClass,
  FilterBar,
  formatCents,
  formatDateTime,
  Pagination,
  Pill,
  plainHeader,
  rowClass,
  SortHeader,
  StaffPageHeader,
  StaffTable,
  theadClass,
} from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import type { Route } from "./+types/promos";

export const meta = () => pageMeta("Promo codes · Staff", "Create, edit and deactivate promo codes.");

const PromoListSchema = listQuerySchema(
  { q: ListSearchSchema, state: listFilter(["active", "inactive", "expired"]) },
  { sorts: PROMO_SORTS, defaultSort: "newest" },
);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-promos");
  const filter = PromoListSchema.parse(searchParamsOf(request));
  return { promos: await listPromoCodes(filter), filter, now: Date.now() };
}

export default function Promos({ loaderData }: Route.ComponentProps) {
  const { promos, filter, now } = loaderData;
  return (
    <main>
      <StaffPageHeader
        title="Promo codes"
        description="Discounts buyers type at checkout. Limits are counted when an order is placed."
        actions={
          <Link to="/staff/promos/new" className={buttonClass("primary", "px-4 py-2")}>
            New promo code
          </Link>
        }
      />
      <FilterBar
        q={filter.q}
        placeholder="Code"
        selects={[
          {
            name: "state",
            label: "State",
            value: filter.state ?? "",
            options: [
              { value: "", label: "Any" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Deactivated" },
              { value: "expired", label: "Expired" },
            ],
          },
        ]}
        extra={<input type="hidden" name="sort" value={filter.sort} />}
      />
      <StaffTable caption="Promo codes">
        <thead className={theadClass}>
          <tr>
            <SortHeader label="Code" sort="code" current={filter.sort} />
            <th scope="col" className={plainHeader}>
              Discount
            </th>
            <SortHeader label="Uses" sort="uses" current={filter.sort} />
            <th scope="col" className={plainHeader}>
              Per customer
            </th>
            <th scope="col" className={plainHeader}>
              Expires
            </th>
            <SortHeader label="State (newest)" sort="newest" current={filter.sort} />
          </tr>
        </thead>
        <tbody>
          {promos.rows.map((promo) => {
            const expired = promo.expiresAt !== null && new Date(promo.expiresAt).getTime() <= now;
            return (
              <tr key={promo.code} className={rowClass}>
                <td className={cellClass}>
                  <Link
                    to={`/staff/promos/${encodeURIComponent(promo.code)}`}
                    className="font-mono font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
                  >
                    {promo.code}
                  </Link>
                </td>
                <td className={cellClass}>
                  {promo.type === "percent" ? `${promo.value}%` : formatCents(promo.value)}
                </td>
                <td className={`${cellClass} tabular-nums`}>
                  {promo.usesCount}
                  {promo.maxUses !== null ? ` / ${promo.maxUses}` : ""}
                </td>
                <td className={cellClass}>{promo.perCustomerLimit ?? "No limit"}</td>
                <td className={cellClass}>{promo.expiresAt ? formatDateTime(promo.expiresAt) : "Never"}</td>
                <td className={cellClass}>
                  {!promo.isActive ? (
                    <Pill tone="zinc">Deactivated</Pill>
                  ) : expired ? (
                    <Pill tone="red">Expired</Pill>
                  ) : (
                    <Pill tone="green">Active</Pill>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </StaffTable>
      <Pagination page={promos} />
    </main>
  );
}
