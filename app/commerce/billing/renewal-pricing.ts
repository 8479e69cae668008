import { decideTax, type TaxBuyer, type TaxReason, type TaxRules } from "~/payments/tax";
import { amountsFromTotal, renewalAmounts } from "./subscriptions";

/**
 * How a subscription's renewal is taxed (docs/decisions/0026, "Renewals"): with the rate of the
 * renewal's own date and the buyer's current billing details (their newest order's), not the first
 * order's. Pure: the lifecycle reads the details, this decides.
 */

/** The billing details a renewal order is made out to. */
export interface RenewalBilling extends TaxBuyer {
  buyerName: string | null;
  company: string | null;
  addressLine: string | null;
  postalCode: string | null;
  city: string | null;
}

export interface RenewalTax {
  rateBps: number;
  reason: TaxReason;
  /** The VAT number as the invoice prints it, or null. */
  vatNumber: string | null;
}

/**
 * The tax of a renewal for `billing` on `on`. A stored VAT number that no longer passes the format
 * check (the rules changed) bills as a consumer of that country rather than refusing a payment
 * already made.
 */
export function renewalTax(billing: TaxBuyer, on: Date, rules: TaxRules): RenewalTax {
  const decided = decideTax(billing, on, rules);
  if (decided.ok) return { rateBps: decided.rateBps, reason: decided.reason, vatNumber: decided.vatNumber };
  const consumer = decideTax({ ...billing, buyerType: "individual", vatNumber: null }, on, rules);
  if (consumer.ok) return { rateBps: consumer.rateBps, reason: consumer.reason, vatNumber: null };
  // Sales to the buyer's country are refused now (TAX_UNREGISTERED=refuse, or a province to choose):
  // the period is paid already, so it is billed without tax, as the unregistered rule says.
  return { rateBps: 0, reason: "not_registered", vatNumber: null };
}

/** A manual renewal's amounts: the plan's net price with the VAT of `tax`. */
export const manualRenewalAmounts = (unitPriceCents: number, tax: RenewalTax) =>
  renewalAmounts({ unitPriceCents, vatRateBps: tax.rateBps });

/**
 * A Stripe renewal's amounts: what Stripe collected, VAT included, split at the rate that applies.
 * Should Stripe still have charged the previous gross (its price is updated for the next period
 * only), the VAT is still the right share of what was paid.
 */
export const collectedRenewalAmounts = (collectedCents: number, unitPriceCents: number, tax: RenewalTax) =>
  amountsFromTotal(collectedCents, tax.rateBps, unitPriceCents);

/** The gross the next period costs for `billing` on the day it starts: what Stripe's price must be. */
export const nextPeriodGross = (
  unitPriceCents: number,
  billing: TaxBuyer,
  periodStart: Date,
  rules: TaxRules,
) => manualRenewalAmounts(unitPriceCents, renewalTax(billing, periodStart, rules)).totalCents;
