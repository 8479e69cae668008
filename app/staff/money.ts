import { z } from "zod";
import { BASE_CURRENCY, type Currency, minorUnitDigits } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { hasControlChars } from "~/platform/text/text";

/**
 * Amounts typed in the console are euros ("49", "49.9", "49.90", "49,90"); the server stores cents.
 * Parsed as text, digit by digit, never through a float: "12.5" is 1250 exactly.
 */
const EUROS = /^(?:€\s*)?(\d{1,9})(?:[.,](\d{1,2}))?(?:\s*€)?$/;

/** The largest amount the database's integer columns hold. */
export const CENTS_CEILING = 2_147_483_647;

/** Cents from what staff typed, or null: more than two decimals, a sign, letters or control characters. */
export function parseEuros(text: string): number | null {
  return parseAmount(text, BASE_CURRENCY);
}

/** Other currencies are typed without a symbol: "49.90" (two decimals) or "1200" (the yen has none). */
const DECIMAL = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;
const WHOLE = /^(\d{1,9})()$/;

/**
 * Minor units of `currency` from what staff typed ("49.90" in dollars is 4990; "1200" yen is
 * 1200), or null: too many decimals for the currency, a sign, letters or control characters.
 */
export function parseAmount(text: string, currency: Currency): number | null {
  if (hasControlChars(text)) return null;
  const digits = minorUnitDigits(currency);
  const pattern = currency === BASE_CURRENCY ? EUROS : digits === 0 ? WHOLE : DECIMAL;
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return minor <= CENTS_CEILING ? minor : null;
}

/** Cents as a money field's value: 4990 → "49.90", 5000 → "50.00". */
export function eurosValue(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The sentence a refused amount shows, with its range in euros. */
export function eurosMessage(what: string, minCents: number, maxCents: number) {
  return `${what} is an amount in euros from ${formatMoney(minCents)} to ${formatMoney(maxCents)}, with at most two decimals (e.g. 49 or 49.90).`;
}

/** A form field in euros, read as cents within [minCents, maxCents]. */
export function eurosField(what: string, minCents: number, maxCents: number) {
  return amountField(what, minCents, maxCents, BASE_CURRENCY);
}

/** The sentence a refused amount in another currency shows, with its range in that currency. */
function amountMessage(what: string, minCents: number, maxCents: number, currency: Currency) {
  if (currency === BASE_CURRENCY) return eurosMessage(what, minCents, maxCents);
  const decimals = minorUnitDigits(currency) === 0 ? "in whole units" : "with at most two decimals";
  return `${what} is an amount in ${currency} from ${formatMoney(minCents, undefined, currency)} to ${formatMoney(maxCents, undefined, currency)}, ${decimals}.`;
}

/** A form field in `currency`, read as its minor units within [minCents, maxCents]. */
export function amountField(what: string, minCents: number, maxCents: number, currency: Currency) {
  const message = amountMessage(what, minCents, maxCents, currency);
  return z.string({ error: message }).transform((text, context) => {
    const cents = parseAmount(text, currency);
    if (cents === null || cents < minCents || cents > maxCents) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });
}
