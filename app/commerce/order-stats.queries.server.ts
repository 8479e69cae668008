import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";

export interface DailyOrders {
  /** YYYY-MM-DD (UTC). */
  day: string;
  orders: number;
  /** Sum of the totals of the day's orders that are paid, in cents. */
  revenueCents: number;
}

/** Orders placed and revenue paid per UTC day over the last `days` days, oldest first, gaps as zero. */
export async function listDailyOrders(days: number, now = new Date()): Promise<DailyOrders[]> {
  const result = await db().execute<{ day: string; orders: number; revenue: string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      count(o.id)::int as orders,
      coalesce(sum(o.total_cents) filter (where o.status = 'paid'), 0)::bigint as revenue
    from generate_series(
      date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(days => ${days - 1}),
      date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC'),
      interval '1 day') as d(day)
    left join orders_pending o
      on (o.created_at at time zone 'UTC') >= d.day and (o.created_at at time zone 'UTC') < d.day + interval '1 day'
    group by d.day
    order by d.day`);
  return result.rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenueCents: Number(row.revenue),
  }));
}

/** Orders still waiting for the team to record their payment. */
export async function countOrdersAwaitingPayment() {
  const result = await db().execute<{ value: number }>(
    sql`select count(*)::int as value from orders_pending where status::text in ('pending', 'awaiting_payment')`,
  );
  return Number(result.rows[0]?.value ?? 0);
}
