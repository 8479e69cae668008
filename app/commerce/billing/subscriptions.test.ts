import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  amountsFromTotal,
  formatBillingDate,
  renewalAmounts,
  SUBSCRIPTION_STATE_LABELS,
  subscriptionState,
} from "./subscriptions";

describe("billing periods", () => {
  it("a month after 31 January is the last day of February, in leap years too", () => {
    expect(addMonths(new Date("2027-01-31T10:00:00Z"), 1).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(new Date("2026-11-26T16:00:00Z"), 12).toISOString()).toBe("2027-11-26T16:00:00.000Z");
  });

  it("the grace period counts whole days", () => {
    expect(addDays(new Date("2026-12-26T00:00:00Z"), 7).toISOString()).toBe("2027-01-02T00:00:00.000Z");
  });

  it("dates read the same on server, browser and in mail (UTC)", () => {
    expect(formatBillingDate(new Date("2026-12-31T23:30:00Z"))).toBe("31 December 2026");
  });
});

describe("renewal amounts", () => {
  it("a renewal costs the period's price at the first order's VAT rate, without its promo", () => {
    expect(renewalAmounts({ unitPriceCents: 50_000, vatRateBps: 1900 })).toEqual({
      unitPriceCents: 50_000,
      subtotalCents: 50_000,
      promoValueCents: 0,
      vatRateBps: 1900,
      vatAmountCents: 9_500,
      totalCents: 59_500,
    });
  });

  it("an amount Stripe collected splits back into net and VAT that add up to it exactly", () => {
    for (const total of [59_500, 59_501, 1, 0, 123_457]) {
      const amounts = amountsFromTotal(total, 1900, 50_000);
      expect(amounts.subtotalCents + amounts.vatAmountCents).toBe(total);
      expect(amounts.vatAmountCents).toBeGreaterThanOrEqual(0);
    }
    expect(amountsFromTotal(59_500, 1900, 50_000)).toMatchObject({
      subtotalCents: 50_000,
      vatAmountCents: 9_500,
    });
  });
});

describe("the state the profile shows", () => {
  it("cancelled at period end, past due and ended read as such", () => {
    expect(subscriptionState({ status: "active", cancelAtPeriodEnd: false })).toBe("active");
    expect(subscriptionState({ status: "active", cancelAtPeriodEnd: true })).toBe("ending");
    expect(subscriptionState({ status: "past_due", cancelAtPeriodEnd: true })).toBe("past_due");
    expect(subscriptionState({ status: "ended", cancelAtPeriodEnd: false })).toBe("ended");
    expect(SUBSCRIPTION_STATE_LABELS.ending).toBe("Cancelled at period end");
  });
});
