/**
 * The stored ECB reference rates (exchange_rates), read and written (decision 0026).
 */
import { and, desc, eq, lte, max } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { BASE_CURRENCY, type Currency, type EurRate } from "../currencies";
import { exchangeRates } from "../schema.server";
import type { EcbRates } from "./ecb-rates";

export const RATE_SOURCE = "ECB";

export interface DayRate {
  rate: EurRate;
  date: string | null;
  source: string;
}

/** Stores a day's rates; a second run for the same day changes nothing. */
export async function storeEcbRates(parsed: EcbRates, executor: Executor = db()): Promise<void> {
  const rows = Object.entries(parsed.rates).map(([currency, eurRate]) => ({
    rateDate: parsed.date,
    currency,
    eurRate,
    source: RATE_SOURCE,
  }));
  if (rows.length > 0) await executor.insert(exchangeRates).values(rows).onConflictDoNothing();
}

/**
 * The rate an order placed `on` (a day) takes: the newest stored day on or before it. The euro is
 * 1 by definition; a currency with no stored rate has none (the order is refused, not guessed).
 */
export async function rateForDay(
  currency: Currency,
  on: string,
  executor: Executor = db(),
): Promise<DayRate | null> {
  if (currency === BASE_CURRENCY) return { rate: "1", date: null, source: RATE_SOURCE };
  const [row] = await executor
    .select({ rate: exchangeRates.eurRate, date: exchangeRates.rateDate, source: exchangeRates.source })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.rateDate, on)))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row ?? null;
}

/** The newest stored day's rates for each currency (suggested prices on the staff pages). */
export async function latestRates(): Promise<{
  date: string | null;
  rates: Partial<Record<Currency, EurRate>>;
}> {
  const [newest] = await db()
    .select({ date: max(exchangeRates.rateDate) })
    .from(exchangeRates);
  if (!newest?.date) return { date: null, rates: {} };
  const rows = await db()
    .select({ currency: exchangeRates.currency, rate: exchangeRates.eurRate })
    .from(exchangeRates)
    .where(eq(exchangeRates.rateDate, newest.date));
  return { date: newest.date, rates: Object.fromEntries(rows.map((r) => [r.currency, r.rate])) };
}
