import type { DailyOrders } from "~/commerce/orders/staff-orders.server";
import { formatMoney } from "~/payments/money";
import { countOf } from "~/platform/text/plural";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 4;

/**
 * Orders (bars) and paid revenue (line) per day: a small inline SVG, no chart library. The numbers
 * are also in a table for screen readers.
 */
export function OrdersChart({ days }: { days: DailyOrders[] }) {
  const maxOrders = Math.max(1, ...days.map((day) => day.orders));
  const maxRevenue = Math.max(1, ...days.map((day) => day.revenueCents));
  const step = (WIDTH - PAD * 2) / Math.max(1, days.length);
  const barWidth = Math.max(2, step * 0.6);
  const points = days
    .map((day, index) => {
      const x = PAD + index * step + step / 2;
      const y = HEIGHT - PAD - (day.revenueCents / maxRevenue) * (HEIGHT - PAD * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = days.reduce((sum, day) => sum + day.revenueCents, 0);
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Last {days.length} days</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {countOf(totalOrders, "order")} · {formatMoney(totalRevenue)} paid
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-40 w-full"
        role="img"
        aria-label={`Orders per day (bars) and paid revenue (line) over the last ${days.length} days`}
        preserveAspectRatio="none"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          className="stroke-zinc-300 dark:stroke-zinc-700"
        />
        {days.map((day, index) => {
          const height = (day.orders / maxOrders) * (HEIGHT - PAD * 2);
          return (
            <rect
              key={day.day}
              x={PAD + index * step + (step - barWidth) / 2}
              y={HEIGHT - PAD - height}
              width={barWidth}
              height={height}
              rx={1.5}
              className="fill-brand-300 dark:fill-brand-800"
            >
              <title>{`${day.day}: ${countOf(day.orders, "order")}, ${formatMoney(day.revenueCents)} paid`}</title>
            </rect>
          );
        })}
        <polyline
          points={points}
          fill="none"
          strokeWidth={2}
          className="stroke-brand-700 dark:stroke-brand-400"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="mt-2 flex gap-4 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-brand-300 dark:bg-brand-800" aria-hidden />{" "}
          Orders
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-brand-700 dark:bg-brand-400" aria-hidden /> Paid revenue
        </span>
      </div>
      <table className="sr-only">
        <caption>Orders and paid revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Paid revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <td>{day.day}</td>
              <td>{day.orders}</td>
              <td>{formatMoney(day.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
