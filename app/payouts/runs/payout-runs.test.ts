import { describe, expect, it } from "vitest";
import {
  encodeExclusion,
  exclusionReasonText,
  PeriodSchema,
  periodLabel,
  previousPeriod,
} from "./payout-runs";

describe("payout run periods", () => {
  it("the run proposed on the 1st pays the month that just ended, across a new year", () => {
    expect(previousPeriod(new Date("2026-11-01T06:00:00Z"))).toBe("2026-10");
    expect(previousPeriod(new Date("2027-01-01T06:00:00Z"))).toBe("2026-12");
    expect(previousPeriod(new Date("2026-10-31T23:59:59Z"))).toBe("2026-09");
  });

  it("a period is a real month from 2020 on", () => {
    expect(PeriodSchema.safeParse("2026-10").success).toBe(true);
    for (const bad of ["2026-13", "2026-00", "2026-1", "1999-12", "2026-10\u0000", " 2026-10"])
      expect(PeriodSchema.safeParse(bad).success).toBe(false);
    expect(periodLabel("2026-10")).toBe("October 2026");
  });
});

describe("why a creator is left out of a run", () => {
  it("says which details are missing, in staff's words", () => {
    const reason = encodeExclusion({ kind: "details_missing", missing: ["bank_details", "seller_details"] });
    expect(reason).toBe("details_missing:bank_details,seller_details");
    expect(exclusionReasonText(reason, 5000)).toBe(
      "Details missing: bank details missing; seller details (tax) missing.",
    );
  });

  it("names the threshold in euros, and a negative balance as carried", () => {
    expect(exclusionReasonText("under_threshold", 5000)).toContain("€50.00");
    expect(exclusionReasonText("negative_balance", 5000)).toMatch(/^Negative balance/);
  });
});
