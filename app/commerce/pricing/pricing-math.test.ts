import { describe, expect, it } from "vitest";
import { PRO_MONTHLY_PRICE_CENTS, VAT_RATE_BPS } from "~/constants";
import { formatDownloads, formatMoney } from "~/payments/money";
import { DEFAULT_TAX_RULES, decideTax } from "~/payments/tax";
import type { Billing } from "./plans";
import {
  annualSavingCents,
  computeOrderAmounts,
  divideRoundHalfUp,
  type PromoTerms,
  priceForBilling,
} from "./pricing-math";

const WELCOME10: PromoTerms = { type: "percent", value: 10 };
const FLAT50: PromoTerms = { type: "fixed", value: 5_000 };

interface Case {
  name: string;
  tier: number;
  billing: Billing;
  promo: PromoTerms | null;
  expected: [subtotal: number, discount: number, vat: number, total: number];
}

// Expected figures worked out by hand: discount first, then 19% VAT, each rounded half up to the cent.
const CASES: Case[] = [
  {
    name: "creator 5 downloads",
    tier: 4_900,
    billing: "one_time",
    promo: null,
    expected: [4_900, 0, 931, 5_831],
  },
  {
    name: "creator 10 downloads",
    tier: 8_900,
    billing: "one_time",
    promo: null,
    expected: [8_900, 0, 1_691, 10_591],
  },
  {
    name: "creator 25 downloads",
    tier: 19_900,
    billing: "one_time",
    promo: null,
    expected: [19_900, 0, 3_781, 23_681],
  },
  {
    name: "business 5 downloads",
    tier: 14_900,
    billing: "one_time",
    promo: null,
    expected: [14_900, 0, 2_831, 17_731],
  },
  {
    name: "business 10 downloads",
    tier: 24_900,
    billing: "one_time",
    promo: null,
    expected: [24_900, 0, 4_731, 29_631],
  },
  {
    name: "business 25 downloads",
    tier: 54_900,
    billing: "one_time",
    promo: null,
    expected: [54_900, 0, 10_431, 65_331],
  },
  {
    name: "pro monthly",
    tier: 50_000,
    billing: "monthly",
    promo: null,
    expected: [50_000, 0, 9_500, 59_500],
  },
  {
    name: "pro annual (500 × 12 less 15%)",
    tier: 50_000,
    billing: "annual",
    promo: null,
    expected: [510_000, 0, 96_900, 606_900],
  },
  // 10% of 49.00 = 4.90; VAT on 44.10 = 8.379 → 8.38
  {
    name: "creator 5 with a 10% code",
    tier: 4_900,
    billing: "one_time",
    promo: WELCOME10,
    expected: [4_900, 490, 838, 5_248],
  },
  // 10% of 89.00 = 8.90; VAT on 80.10 = 15.219 → 15.22
  {
    name: "creator 10 with a 10% code",
    tier: 8_900,
    billing: "one_time",
    promo: WELCOME10,
    expected: [8_900, 890, 1_522, 9_532],
  },
  {
    name: "business 25 with a 10% code",
    tier: 54_900,
    billing: "one_time",
    promo: WELCOME10,
    expected: [54_900, 5_490, 9_388, 58_798],
  },
  {
    name: "pro monthly with a 10% code",
    tier: 50_000,
    billing: "monthly",
    promo: WELCOME10,
    expected: [50_000, 5_000, 8_550, 53_550],
  },
  {
    name: "pro annual with a 10% code",
    tier: 50_000,
    billing: "annual",
    promo: WELCOME10,
    expected: [510_000, 51_000, 87_210, 546_210],
  },
  {
    name: "business 5 with a €50 code",
    tier: 14_900,
    billing: "one_time",
    promo: FLAT50,
    expected: [14_900, 5_000, 1_881, 11_781],
  },
  {
    name: "pro monthly with a €50 code",
    tier: 50_000,
    billing: "monthly",
    promo: FLAT50,
    expected: [50_000, 5_000, 8_550, 53_550],
  },
  {
    name: "pro annual with a €50 code",
    tier: 50_000,
    billing: "annual",
    promo: FLAT50,
    expected: [510_000, 5_000, 95_950, 600_950],
  },
  {
    name: "creator 5 with a €50 code larger than the subtotal",
    tier: 4_900,
    billing: "one_time",
    promo: FLAT50,
    expected: [4_900, 4_900, 0, 0],
  },
  {
    name: "a 100% code",
    tier: 19_900,
    billing: "one_time",
    promo: { type: "percent", value: 100 },
    expected: [19_900, 19_900, 0, 0],
  },
  // VAT of 0.50 × 19% = 9.5 cents → 10 (half up)
  {
    name: "VAT at exactly half a cent rounds up",
    tier: 50,
    billing: "one_time",
    promo: null,
    expected: [50, 0, 10, 60],
  },
  // VAT of 1.50 × 19% = 28.5 cents → 29
  {
    name: "VAT at 28.5 cents rounds up",
    tier: 150,
    billing: "one_time",
    promo: null,
    expected: [150, 0, 29, 179],
  },
  // 10% of 49.05 = 4.905 → 4.91; VAT on 44.14 = 8.3866 → 8.39
  {
    name: "a percent discount at half a cent rounds up",
    tier: 4_905,
    billing: "one_time",
    promo: WELCOME10,
    expected: [4_905, 491, 839, 5_253],
  },
  // 15% of 1.10 = 16.5 cents → 17; VAT on 0.93 = 17.67 → 18
  {
    name: "a 15% discount of 16.5 cents rounds up",
    tier: 110,
    billing: "one_time",
    promo: { type: "percent", value: 15 },
    expected: [110, 17, 18, 111],
  },
  // just under half a cent rounds down: VAT on 0.49 = 9.31 cents → 9
  {
    name: "VAT below half a cent rounds down",
    tier: 49,
    billing: "one_time",
    promo: null,
    expected: [49, 0, 9, 58],
  },
  // annual of 0.01 a month: 12 × 0.85 = 10.2 cents → 10
  {
    name: "annual price rounds to the cent",
    tier: 1,
    billing: "annual",
    promo: null,
    expected: [10, 0, 2, 12],
  },
];

describe("order arithmetic", () => {
  it.each(CASES)("$name", ({ tier, billing, promo, expected }) => {
    const amounts = computeOrderAmounts(tier, billing, promo);
    expect([amounts.subtotalCents, amounts.discountCents, amounts.vatCents, amounts.totalCents]).toEqual(
      expected,
    );
    expect(amounts.vatRateBps).toBe(VAT_RATE_BPS);
    expect(amounts.totalCents).toBe(amounts.subtotalCents - amounts.discountCents + amounts.vatCents);
    expect(amounts.totalCents).toBeGreaterThanOrEqual(0);
  });

  it("annual pro is 500 × 12 less 15% = 5100, a saving of 900", () => {
    expect(priceForBilling(PRO_MONTHLY_PRICE_CENTS, "annual")).toBe(510_000);
    expect(annualSavingCents(PRO_MONTHLY_PRICE_CENTS)).toBe(90_000);
  });

  it.each([
    [0, 2, 0],
    [1, 2, 1],
    [3, 2, 2],
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [25, 10, 3],
  ])("%i / %i rounds half up to %i", (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => computeOrderAmounts(49.5, "one_time", null)).toThrow(RangeError);
    expect(() => computeOrderAmounts(-1, "one_time", null)).toThrow(RangeError);
  });
});

describe("display", () => {
  it("formats euros for en-IE", () => {
    expect(formatMoney(4_900)).toBe("€49.00");
    expect(formatMoney(606_900)).toBe("€6,069.00");
    expect(formatMoney(5)).toBe("€0.05");
  });

  it("shows 0 downloads as Unlimited", () => {
    expect(formatDownloads(0)).toBe("Unlimited");
    expect(formatDownloads(5)).toBe("5 downloads");
  });
});

describe("VAT on the amounts", () => {
  const ON = new Date("2026-11-26T12:00:00Z");

  it("keeps SPEC's example amounts for Cyprus: €500 pro monthly is €595.00, annual €5100 is €6069.00", () => {
    const rate = decideTax(
      { country: "CY", buyerType: "individual", vatNumber: null },
      ON,
      DEFAULT_TAX_RULES,
    );
    if (!rate.ok) throw new Error("refused");
    expect(rate.rateBps).toBe(VAT_RATE_BPS);
    expect(computeOrderAmounts(50_000, "monthly", null, rate.rateBps)).toMatchObject({
      subtotalCents: 50_000,
      vatCents: 9_500,
      totalCents: 59_500,
    });
    expect(computeOrderAmounts(50_000, "annual", null, rate.rateBps)).toMatchObject({
      subtotalCents: 510_000,
      vatCents: 96_900,
      totalCents: 606_900,
    });
    expect(
      computeOrderAmounts(50_000, "monthly", { type: "percent", value: 10 }, rate.rateBps),
    ).toMatchObject({
      discountCents: 5_000,
      vatCents: 8_550,
      totalCents: 53_550,
    });
  });
});
