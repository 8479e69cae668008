/**
 * The stored ECB reference rates (decision 0026): the daily job fetches and stores them, an order
 * takes the newest day's rate of its currency, staff pages warn when the newest day is stale.
 */
import { and, desc, eq, lte, max } from "drizzle-orm";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { db } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { BASE_CURRENCY, type Currency, type EurRate } from "./currencies";
import { type EcbRates, parseEcbDailyXml, ratesAreStale } from "./ecb-rates";
import { exchangeRates } from "./schema.server";

export const RATE_SOURCE = "ECB";
const FETCH_TIMEOUT_MS = 15_000;

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

/** Fetches the ECB's daily XML from `url` (with a timeout) and stores it; returns the day stored. */
export async function fetchAndStoreEcbRates(url: string, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new Error(`ECB rates: HTTP ${response.status}`);
  const parsed = parseEcbDailyXml(await response.text());
  await storeEcbRates(parsed);
  return parsed.date;
}

/**
 * The rate an order placed `on` (a day) takes: the newest stored day on or before it. The euro is
 * 1 by definition; a currency with no stored rate has none (the order is refused, not guessed).
 */
export async function rateForDay(currency: Currency, on: string, executor: Executor = db()): Promise<DayRate | null> {
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
export async function latestRates(): Promise<{ date: string | null; rates: Partial<Record<Currency, EurRate>> }> {
  const [newest] = await db().select({ date: max(exchangeRates.rateDate) }).from(exchangeRates);
  if (!newest?.date) return { date: null, rates: {} };
  const rows = await db()
    .select({ currency: exchangeRates.currency, rate: exchangeRates.eurRate })
    .from(exchangeRates)
    .where(eq(exchangeRates.rateDate, newest.date));
  return { date: newest.date, rates: Object.fromEntries(rows.map((r) => [r.currency, r.rate])) };
}

/** What staff pages that use rates show: the newest day and whether it is stale. */
export async function ratesFreshness(now = new Date()): Promise<{ newestDate: string | null; stale: boolean }> {
  const { date } = await latestRates();
  return { newestDate: date, stale: ratesAreStale(date, now) };
}

/** Each working day at 16:30 UTC, after the ECB publishes (around 16:00 CET); unset URL: no fetch. */
export const fetchEcbRatesJob = defineJob<object>({
  name: "payments.fetch-ecb-rates",
  cron: "30 16 * * 1-5",
  policy: "singleton",
  retryLimit: 5,
  retryDelaySeconds: 300,
  handler: async (_data, { signal }) => {
    const url = config().ECB_RATES_URL;
    if (!url) return;
    const day = await fetchAndStoreEcbRates(url, signal);
    logger.info({ day }, "ECB rates stored");
  },
});
