/**
 * The sentence a non-euro document prints under its totals (decision 0026): the rate the order
 * stored, its source and day, and the VAT and total in euros at that rate, so an accountant can
 * book the document in euros. Null for euro documents.
 */
import { BASE_CURRENCY, type Currency, type EurRate, toEuroCents } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";

export interface DocumentExchange {
  rate: EurRate;
  date: string | null;
  source: string | null;
}

/** "1.081200" → "1.0812": the rate as the ECB writes it. */
export const plainRate = (rate: EurRate) => rate.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/** The figures of the exchange sentence, amounts formatted for `locale`; null for euro documents. */
export function exchangeFacts(
  amounts: { vatCents: number; totalCents: number },
  currency: Currency,
  exchange: DocumentExchange,
  locale: string,
): { rate: string; currency: Currency; origin: string; vat: string; total: string } | null {
  if (currency === BASE_CURRENCY) return null;
  const euros = (minor: number) =>
    formatMoney(toEuroCents(minor, currency, exchange.rate), locale, BASE_CURRENCY);
  return {
    rate: plainRate(exchange.rate),
    currency,
    origin: [exchange.source, exchange.date].filter(Boolean).join(", "),
    vat: euros(amounts.vatCents),
    total: euros(amounts.totalCents),
  };
}

export function exchangeLine(
  amounts: { vatCents: number; totalCents: number },
  currency: Currency,
  exchange: DocumentExchange,
  locale: string,
): string | null {
  const facts = exchangeFacts(amounts, currency, exchange, locale);
  if (!facts) return null;
  const { origin } = facts;
  return (
    `Exchange rate: 1 EUR = ${facts.rate} ${currency}${origin ? ` (${origin})` : ""}; ` +
    `VAT in EUR: ${facts.vat}; total in EUR: ${facts.total}.`
  );
}
