/**
 * The stored ECB reference rates (decision 0026): the daily job fetches and stores them, an order
 * takes the newest day's rate of its currency, staff pages warn when the newest day is stale.
 */
import { config } from "~/platform/config.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { parseEcbDailyXml, ratesAreStale } from "./ecb-rates";
import { latestRates, storeEcbRates } from "./exchange-rates.queries.server";

export {
  type DayRate,
  latestRates,
  RATE_SOURCE,
  rateForDay,
  storeEcbRates,
} from "./exchange-rates.queries.server";

const FETCH_TIMEOUT_MS = 15_000;

/** Fetches the ECB's daily XML from `url` (with a timeout) and stores it; returns the day stored. */
export async function fetchAndStoreEcbRates(url: string, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new Error(`ECB rates: HTTP ${response.status}`);
  const parsed = parseEcbDailyXml(await response.text());
  await storeEcbRates(parsed);
  return parsed.date;
}

/** What staff pages that use rates show: the newest day and whether it is stale. */
export async function ratesFreshness(
  now = new Date(),
): Promise<{ newestDate: string | null; stale: boolean }> {
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
