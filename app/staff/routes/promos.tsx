import { requirePermission } from "~/accounts/routes/permissions.server";
import { listPromoCodes, PROMO_SORTS } from "~/commerce/pricing/promo-admin.server";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import { StaffListPage } from "../components/list-page";
import { formatDateTime, Pill } from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import type { Route } from "./+types/promos";

export const meta = () => pageMeta("Promo codes · Staff", "Create, edit and deactivate promo codes.");

const PromoListSchema = listQuerySchema(
  { q: ListSearchSchema, state: listFilter(["active", "inactive", "expired"]) },
  { sorts: PROMO_SORTS, defaultSort: "newest" },
);

const SORTS = {
  newest: "Created, newest first",
  code: "Code, A to Z",
  uses: "Uses, most first",
};
const STATES = [
  { value: "", label: "Any" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Deactivated" },
  { value: "expired", label: "Expired" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-promos");
  const filter = PromoListSchema.parse(searchParamsOf(request));
  return { promos: await listPromoCodes(filter), filter, now: Date.now() };
}

export default function Promos({ loaderData: { promos, filter, now } }: Route.ComponentProps) {
  return (
    <StaffListPage
      title="Promo codes"
      description="Discounts buyers type at checkout. Limits are counted when an order is placed."
      actions={
        <Link to="/staff/promos/new" className={buttonClass("primary", "px-4 py-2")}>
          New promo code
        </Link>
      }
      search={{ value: filter.q, placeholder: "Code" }}
      selects={[{ name: "state", label: "State", value: filter.state, options: STATES }]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={promos}
      caption="Promo codes"
      rowKey={(promo) => promo.code}
      columns={(c) => [
        c.link(
          "Code",
          (promo) => `/staff/promos/${encodeURIComponent(promo.code)}`,
          (promo) => promo.code,
          {
            mono: true,
            sorts: { code: "ascending" },
          },
        ),
        {
          header: "Discount",
          cell: (promo) => (promo.type === "percent" ? `${promo.value}%` : formatMoney(promo.value)),
        },
        {
          header: "Uses",
          sorts: { uses: "descending" },
          className: "tabular-nums",
          cell: (promo) => `${promo.usesCount}${promo.maxUses !== null ? ` / ${promo.maxUses}` : ""}`,
        },
        { header: "Per customer", cell: (promo) => promo.perCustomerLimit ?? "No limit" },
        { header: "Expires", cell: (promo) => (promo.expiresAt ? formatDateTime(promo.expiresAt) : "Never") },
        {
          header: "State",
          cell: (promo) =>
            !promo.isActive ? (
              <Pill tone="zinc">Deactivated</Pill>
            ) : promo.expiresAt !== null && new Date(promo.expiresAt).getTime() <= now ? (
              <Pill tone="red">Expired</Pill>
            ) : (
              <Pill tone="green">Active</Pill>
            ),
        },
        c.time("Created", (promo) => promo.createdAt, { newest: "descending" }),
      ]}
    />
  );
}
