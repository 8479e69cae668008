import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import type { OrderStatus } from "../pricing/plans";
import { orders, pricingPlans } from "../schema.server";

export const STAFF_ORDER_SORTS = ["newest", "oldest", "total"] as const;
export type StaffOrderSort = (typeof STAFF_ORDER_SORTS)[number];

export interface StaffOrderFilter {
  status?: OrderStatus;
  email?: string;
  /** Part of the buyer's email, or the start of the order id (as buyers see it: "1A2B3C4D", "#1a2b"). */
  q?: string;
  /** Placed on or after this UTC day. */
  from?: Date;
  /** Placed before the end of this UTC day. */
  to?: Date;
  sort: StaffOrderSort;
  page: number;
}

/** Every order, for the staff console: filter by status, email and date; newest first by default. */
export async function listOrdersForStaff(filter: StaffOrderFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.email) conditions.push(ilike(orders.email, likePattern(filter.email)));
  if (filter.q) {
    const idStart = filter.q.replace(/^#/, "").toLowerCase();
    const byEmail = ilike(orders.email, likePattern(filter.q));
    conditions.push(
      /^[0-9a-f-]{4,36}$/.test(idStart)
        ? or(byEmail, sql`${orders.id}::text like ${`${idStart}%`}`)!
        : byEmail,
    );
  }
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lt(orders.createdAt, new Date(filter.to.getTime() + 86_400_000)));
  const where = and(...conditions);
  const order = {
    newest: [desc(orders.createdAt), desc(orders.id)],
    oldest: [asc(orders.createdAt), asc(orders.id)],
    total: [desc(orders.totalCents), desc(orders.createdAt)],
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    db()
      .select({ order: orders, planTitle: pricingPlans.title })
      .from(orders)
      .innerJoin(pricingPlans, eq(pricingPlans.category, orders.planCategory))
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db().select({ value: count() }).from(orders).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.order, planTitle: row.planTitle })),
    total: total?.value ?? 0,
    page: filter.page,
    pageSize: PAGE_SIZE,
  } satisfies Page<unknown>;
}

/** Orders per status, for the console's filters and overview. */
export async function countOrdersByStatus(): Promise<Partial<Record<OrderStatus, number>>> {
  const rows = await db()
    .select({ status: orders.status, value: count() })
    .from(orders)
    .groupBy(orders.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.value]));
}

/**
 * Revenue is in euros at each order's stored rate, rounded as toEuroCents does (decision 0026:
 * amounts of different currencies are never summed).
 */
/** Placed orders and paid revenue (euros) per UTC day over the last `days` days, oldest first, gaps as zero. */
export async function listDailyOrders(days: number, now = new Date()) {
  const result = await db().execute<{ day: string; orders: number; revenue: string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      count(o.id)::int as orders,
      coalesce(sum(round(o.total_cents * (case when o.currency = 'JPY' then 100 else 1 end) / o.eur_rate))
        filter (where o.status = 'paid'), 0)::bigint as revenue
    from generate_series(
      date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(days => ${days - 1}),
      date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC'),
      interval '1 day') as d(day)
    left join orders o
      on (o.created_at at time zone 'UTC') >= d.day and (o.created_at at time zone 'UTC') < d.day + interval '1 day'
    group by d.day
    order by d.day`);
  return result.rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenueCents: Number(row.revenue),
  }));
}
export type DailyOrders = Awaited<ReturnType<typeof listDailyOrders>>[number];
