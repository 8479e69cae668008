import { describe, expect, it } from "vitest";
import { nextPayoutDate, payoutTermLines } from "./payout-terms";

describe("payout terms", () => {
  it("the next payout run is the 1st of next month, UTC, even on the 1st itself and across a year", () => {
    expect(nextPayoutDate(new Date("2026-11-26T19:00:00Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextPayoutDate(new Date("2026-12-01T00:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(nextPayoutDate(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("state the window, the threshold and the methods from config", () => {
    const lines = payoutTermLines({
      royaltyPercent: 50,
      refundWindowDays: 30,
      thresholdCents: 5_000,
      stripe: true,
    });
    expect(lines.join(" ")).toContain("pending for 30 days");
    expect(lines.join(" ")).toContain("monthly, on the 1st");
    expect(lines.join(" ")).toContain("€50.00");
    expect(lines.join(" ")).toContain("through Stripe or by bank transfer");
    const bankOnly = payoutTermLines({
      royaltyPercent: 50,
      refundWindowDays: 14,
      thresholdCents: 2_500,
      stripe: false,
    });
    expect(bankOnly.join(" ")).toContain("pending for 14 days");
    expect(bankOnly.join(" ")).toContain("€25.00");
    expect(bankOnly.join(" ")).not.toContain("Stripe");
  });
});
