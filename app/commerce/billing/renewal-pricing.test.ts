import { describe, expect, it } from "vitest";
import { DEFAULT_TAX_RULES as RULES } from "~/payments/tax";
import {
  collectedRenewalAmounts,
  manualRenewalAmounts,
  nextPeriodGross,
  renewalTax,
} from "./renewal-pricing";

const consumer = (country: string) => ({ country, buyerType: "individual" as const, vatNumber: null });

describe("renewal tax", () => {
  it("takes the rate of the renewal's date: Slovakia 20% in 2024, 23% from 1 January 2025", () => {
    expect(renewalTax(consumer("SK"), new Date("2024-12-31T23:00:00Z"), RULES).rateBps).toBe(2000);
    expect(renewalTax(consumer("SK"), new Date("2025-01-01T00:00:00Z"), RULES).rateBps).toBe(2300);
  });

  it("takes the buyer's current country and VAT status", () => {
    expect(renewalTax(consumer("HU"), new Date("2026-01-01"), RULES)).toEqual({
      rateBps: 2700,
      reason: "eu_consumer",
      vatNumber: null,
    });
    const business = { country: "DE", buyerType: "business" as const, vatNumber: "DE123456789" };
    expect(renewalTax(business, new Date("2026-01-01"), RULES)).toMatchObject({
      rateBps: 0,
      reason: "reverse_charge",
    });
    expect(renewalTax(consumer("US"), new Date("2026-01-01"), RULES)).toMatchObject({
      rateBps: 0,
      reason: "not_registered",
    });
  });

  it("bills a stored VAT number that no longer passes the format check as a consumer, not a refusal", () => {
    const stale = { country: "DE", buyerType: "business" as const, vatNumber: "DE12" };
    expect(renewalTax(stale, new Date("2026-01-01"), RULES)).toEqual({
      rateBps: 1900,
      reason: "eu_consumer",
      vatNumber: null,
    });
  });
});

describe("renewal amounts", () => {
  it("a manual renewal adds the VAT to the net price", () => {
    const tax = renewalTax(consumer("HU"), new Date("2026-01-01"), RULES);
    expect(manualRenewalAmounts(8_900, tax)).toMatchObject({
      subtotalCents: 8_900,
      vatAmountCents: 2_403,
      totalCents: 11_303,
    });
    expect(nextPeriodGross(8_900, consumer("HU"), new Date("2026-01-01"), RULES)).toBe(11_303);
  });

  it("a Stripe renewal splits what was collected at the rate that applies", () => {
    const tax = renewalTax(consumer("HU"), new Date("2026-01-01"), RULES);
    const amounts = collectedRenewalAmounts(10_591, 8_900, tax);
    expect(amounts).toMatchObject({
      totalCents: 10_591,
      subtotalCents: 8_339,
      vatAmountCents: 2_252,
      vatRateBps: 2700,
    });
    expect(amounts.subtotalCents + amounts.vatAmountCents).toBe(amounts.totalCents);
  });
});
