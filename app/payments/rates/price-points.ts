/**
 * A suggested price in another currency: the euro price at the day's rate, rounded UP to a price
 * point so a converted price never undercuts the euro one (decision 0026, "Suggested prices"):
 * - USD, GBP, CHF: the next whole unit ending in 9 (8.12 → 9.00, 10.01 → 19.00, 23.40 → 29.00);
 * - JPY: the next hundred yen (1,623 → 1,700).
 * The euro price is its own; a zero price stays zero.
 */
import { type Currency, type EurRate, fromEuroCents } from "../currencies";

export function roundToPricePoint(minor: number, currency: Currency): number {
  if (minor <= 0) return 0;
  if (currency === "EUR") return minor;
  if (currency === "JPY") return Math.ceil(minor / 100) * 100;
  const units = Math.ceil(minor / 100);
  const endingInNine = units % 10 === 9 ? units : units + ((9 - (units % 10) + 10) % 10);
  return endingInNine * 100;
}

export function suggestedPrice(euroCents: number, currency: Currency, rate: EurRate): number {
  return roundToPricePoint(fromEuroCents(euroCents, currency, rate), currency);
}
