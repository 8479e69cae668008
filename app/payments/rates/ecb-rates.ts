/**
 * The ECB's daily euro reference rates (eurofxref-daily.xml), read into the rates Verdeo uses
 * (decision 0026). The XML is parsed by pattern, not a DOM: the file is small, flat and fixed in
 * shape, and a document in another shape is refused rather than half-read.
 */
import { BASE_CURRENCY, CURRENCIES, type Currency, type EurRate } from "../currencies";

export interface EcbRates {
  /** The day the rates are for (YYYY-MM-DD). */
  date: string;
  /** Units of each currency per euro, for the currencies Verdeo sells in (the euro excluded). */
  rates: Partial<Record<Currency, EurRate>>;
}

const DAY_CUBE = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>/;
const RATE_CUBE = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/>/g;
const ECB_RATE = /^\d{1,8}(\.\d{1,6})?$/;

/** The day and rates of one ECB daily file; throws when the document is not one. */
export function parseEcbDailyXml(xml: string): EcbRates {
  const day = DAY_CUBE.exec(xml);
  if (!day) throw new Error("ECB rates: no <Cube time=…> day in the document");
  const date = day[1];
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new Error(`ECB rates: not a date: ${date}`);
  const rates: Partial<Record<Currency, EurRate>> = {};
  for (const [, code, rate] of xml.matchAll(RATE_CUBE)) {
    if (code === BASE_CURRENCY || !(CURRENCIES as readonly string[]).includes(code)) continue;
    if (!ECB_RATE.test(rate) || Number(rate) <= 0)
      throw new Error(`ECB rates: bad rate for ${code}: ${rate}`);
    rates[code as Currency] = rate;
  }
  const missing = CURRENCIES.filter((c) => c !== BASE_CURRENCY && !rates[c]);
  if (missing.length > 0) throw new Error(`ECB rates: no rate for ${missing.join(", ")}`);
  return { date, rates };
}

/** Rates are stale when the newest is older than this: the ECB publishes each working day. */
export const STALE_AFTER_DAYS = 4;

export function ratesAreStale(newestDate: string | null, now: Date): boolean {
  if (!newestDate) return true;
  const ageMs = now.getTime() - Date.parse(`${newestDate}T00:00:00Z`);
  return ageMs > STALE_AFTER_DAYS * 24 * 3600 * 1000;
}
