/**
 * The currencies Verdeo prices and charges in, and how an amount in one of them is worth euros
 * (docs/decisions/0026-one-currency-and-tax-model.md). Amounts are integers in the currency's
 * minor unit (cents, pence, rappen; whole yen): `*Cents` columns hold minor units of the order's
 * currency. The royalty ledger and payouts stay in euros, converted at the order's stored rate.
 */

export const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const BASE_CURRENCY: Currency = "EUR";

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

/** Digits after the decimal point (ISO 4217): the yen has none. */
export const minorUnitDigits = (currency: Currency): number => (currency === "JPY" ? 0 : 2);

/**
 * A rate as the ECB publishes it: units of the currency per one euro ("1 EUR = 1.0812 USD"), kept
 * as a decimal string with up to six places so it is stored exactly (numeric in PostgreSQL).
 */
export type EurRate = string;

const RATE_PATTERN = /^\d{1,8}(\.\d{1,6})?$/;

/** The rate in millionths, an integer: every conversion below is integer arithmetic. */
export function rateMicros(rate: EurRate): bigint {
  if (!RATE_PATTERN.test(rate)) throw new RangeError(`not an exchange rate: ${rate}`);
  const [whole, fraction = ""] = rate.split(".");
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0"));
  if (micros === 0n) throw new RangeError("an exchange rate cannot be zero");
  return micros;
}

/** Integer division rounding half away from zero, so a refund's euros mirror its sale's. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const sign = numerator < 0n ? -1n : 1n;
  const n = numerator * sign;
  return sign * ((2n * n + denominator) / (2n * denominator));
}

/**
 * The euro cents an amount in `currency` minor units was worth at `rate`. One function for every
 * document (invoice, credit note, ledger, tax report), so their euro sums tie out.
 */
export function toEuroCents(minor: number, currency: Currency, rate: EurRate): number {
  if (currency === BASE_CURRENCY) return minor;
  const scale = 10n ** BigInt(2 - minorUnitDigits(currency));
  return Number(divideRounded(BigInt(minor) * scale * 1_000_000n, rateMicros(rate)));
}

/** The minor units of `currency` that `euroCents` buys at `rate` (suggested prices). */
export function fromEuroCents(euroCents: number, currency: Currency, rate: EurRate): number {
  if (currency === BASE_CURRENCY) return euroCents;
  const scale = 10n ** BigInt(2 - minorUnitDigits(currency));
  return Number(divideRounded(BigInt(euroCents) * rateMicros(rate), scale * 1_000_000n));
}
