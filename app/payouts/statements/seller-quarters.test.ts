import { describe, expect, it } from "vitest";
import {
  type LedgerLineForReport,
  platformShareCents,
  quarterFigures,
  quarterOf,
  yearFigures,
} from "./seller-quarters";

const sale = (creditedAt: string, baseCents: number, amountCents: number): LedgerLineForReport => ({
  kind: "royalty",
  creditedAt: new Date(creditedAt),
  amountCents,
  saleBaseCents: baseCents,
  saleAmountCents: amountCents,
});

describe("the DAC7 quarter split", () => {
  it("puts an activity on 31 March 23:59:59 UTC in Q1 and one on 1 April 00:00 UTC in Q2", () => {
    expect(quarterOf(new Date("2025-03-31T23:59:59.999Z"))).toBe(1);
    expect(quarterOf(new Date("2025-04-01T00:00:00.000Z"))).toBe(2);
    // A Berlin evening of 31 March is still Q1 in UTC only until midnight UTC.
    expect(quarterOf(new Date("2025-04-01T00:30:00+02:00"))).toBe(1);
    const quarters = quarterFigures([
      sale("2025-03-31T23:59:59Z", 1_000, 500),
      sale("2025-04-01T00:00:00Z", 2_000, 1_000),
    ]);
    expect(quarters.map((quarter) => quarter.activities)).toEqual([1, 1, 0, 0]);
    expect(quarters.map((quarter) => quarter.considerationCents)).toEqual([500, 1_000, 0, 0]);
    expect(quarters.map((quarter) => quarter.feesCents)).toEqual([500, 1_000, 0, 0]);
  });

  it("charges as fees the platform's share of each sale, and its quarters sum to the year", () => {
    const lines = [
      sale("2025-01-15T10:00:00Z", 1_999, 1_000),
      sale("2025-05-01T10:00:00Z", 1_001, 350),
      sale("2025-08-31T23:00:00Z", 777, 777),
      sale("2025-12-31T23:59:59Z", 10_000, 6_000),
      // A refund of half the May sale, recorded in October: its consideration and its fee go back there.
      { ...sale("2025-10-02T09:00:00Z", 1_001, 350), kind: "reversal", amountCents: -175 },
    ] satisfies LedgerLineForReport[];
    const quarters = quarterFigures(lines);
    expect(quarters.map((quarter) => quarter.feesCents)).toEqual([999, 651, 0, 4_000 - 325]);
    expect(quarters.map((quarter) => quarter.considerationCents)).toEqual([1_000, 350, 777, 6_000 - 175]);
    expect(quarters.map((quarter) => quarter.taxesCents)).toEqual([0, 0, 0, 0]);
    const year = yearFigures(quarters);
    expect(year).toEqual({
      considerationCents: 1_000 + 350 + 777 + 6_000 - 175,
      activities: 4,
      feesCents: 999 + 651 + 4_000 - 325,
      taxesCents: 0,
    });
    expect(year.feesCents).toBe(quarters.reduce((sum, quarter) => sum + quarter.feesCents, 0));
  });

  it("gives back all of a sale's fee with a full refund and none with a restoration's undoing of it", () => {
    const royalty = sale("2025-02-01T00:00:00Z", 3_333, 1_666);
    expect(platformShareCents(royalty)).toBe(1_667);
    expect(platformShareCents({ ...royalty, kind: "reversal", amountCents: -1_666 })).toBe(-1_667);
    expect(platformShareCents({ ...royalty, kind: "restoration", amountCents: 1_666 })).toBe(1_667);
    // A creator share over the base (never written, but never a negative fee either).
    expect(platformShareCents(sale("2025-02-01T00:00:00Z", 100, 150))).toBe(0);
  });
});
