import { z } from "zod";
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
  if (hasControlChars(text)) return null;
  const match = EUROS.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents <= CENTS_CEILING ? cents : null;
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
  const message = eurosMessage(what, minCents, maxCents);
  return z.string({ error: message }).transform((text, context) => {
    const cents = parseEuros(text);
    if (cents === null || cents < minCents || cents > maxCents) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });
}
