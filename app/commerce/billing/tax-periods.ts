/**
 * The periods the staff tax report covers: a calendar month ("2026-07") or quarter ("2026-Q3"),
 * in UTC, as VAT returns and the EU's One-Stop Shop count them. Pure and browser-safe.
 */

export interface TaxPeriod {
  /** As the URL and the CSV's file name carry it: "2026-07" or "2026-Q3". */
  key: string;
  kind: "month" | "quarter";
  /** The first instant of the period and the first after it (UTC). */
  start: Date;
  end: Date;
  /** As the page reads it: "July 2026", "Q3 2026 (July to September)". */
  label: string;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** How far back the form offers periods; older ones are typed into the URL. */
export const OLDEST_REPORT_YEAR = 2020;

export const TAX_PERIOD_MESSAGE = `Choose a month (like 2026-07) or a quarter (like 2026-Q3) from ${OLDEST_REPORT_YEAR} on, not in the future.`;

function monthPeriod(year: number, month: number): TaxPeriod {
  return {
    key: `${year}-${String(month + 1).padStart(2, "0")}`,
    kind: "month",
    start: new Date(Date.UTC(year, month, 1)),
    end: new Date(Date.UTC(year, month + 1, 1)),
    label: `${MONTH_NAMES[month]} ${year}`,
  };
}

function quarterPeriod(year: number, quarter: number): TaxPeriod {
  const first = (quarter - 1) * 3;
  return {
    key: `${year}-Q${quarter}`,
    kind: "quarter",
    start: new Date(Date.UTC(year, first, 1)),
    end: new Date(Date.UTC(year, first + 3, 1)),
    label: `Q${quarter} ${year} (${MONTH_NAMES[first]} to ${MONTH_NAMES[first + 2]})`,
  };
}

/** The period a key names, or null when it names none, is older than the form offers or has not begun. */
export function parseTaxPeriod(key: unknown, now: Date): TaxPeriod | null {
  if (typeof key !== "string") return null;
  const match = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/.exec(key.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const period = match[2] ? monthPeriod(year, Number(match[2]) - 1) : quarterPeriod(year, Number(match[3]));
  if (year < OLDEST_REPORT_YEAR || period.start > now) return null;
  return period;
}

/** The quarter `now` falls in: the report's default. */
export const currentQuarter = (now: Date) =>
  quarterPeriod(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) + 1);

/** What the form offers, newest first: the last `quarters` quarters and `months` months. */
export function recentTaxPeriods(now: Date, quarters = 8, months = 18) {
  const year = now.getUTCFullYear();
  const quarterList: TaxPeriod[] = [];
  for (let i = 0, q = Math.floor(now.getUTCMonth() / 3); i < quarters; i++, q--)
    quarterList.push(quarterPeriod(year + Math.floor(q / 4), (((q % 4) + 4) % 4) + 1));
  const monthList: TaxPeriod[] = [];
  for (let i = 0, m = now.getUTCMonth(); i < months; i++, m--)
    monthList.push(monthPeriod(year + Math.floor(m / 12), ((m % 12) + 12) % 12));
  return { quarters: quarterList, months: monthList };
}
