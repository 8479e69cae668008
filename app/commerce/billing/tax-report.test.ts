import { describe, expect, it } from "vitest";
import { toEuroCents } from "~/payments/currencies";
import { parseTaxPeriod, recentTaxPeriods } from "./tax-periods";
import {
  aggregateTaxReport,
  decimalAmount,
  ossSummary,
  type TaxDocument,
  taxReasonLabel,
} from "./tax-report";

const doc = (overrides: Partial<TaxDocument>): TaxDocument => ({
  kind: "invoice",
  country: "FR",
  taxReason: "eu_consumer",
  vatRateBps: 2000,
  currency: "EUR",
  eurRate: "1",
  grossCents: 12_000,
  taxCents: 2_000,
  ...overrides,
});

describe("the tax report's sums", () => {
  it("takes a period's credit notes from its invoices, per country, reason, rate and currency", () => {
    const report = aggregateTaxReport([
      doc({}),
      doc({}),
      doc({ kind: "credit_note", grossCents: 6_000, taxCents: 1_000 }),
      doc({ country: "DE", vatRateBps: 1900, grossCents: 11_900, taxCents: 1_900 }),
    ]);
    expect(report.rows).toEqual([
      expect.objectContaining({
        country: "DE",
        invoices: 1,
        creditNotes: 0,
        netCents: 10_000,
        taxCents: 1_900,
      }),
      expect.objectContaining({
        country: "FR",
        invoices: 2,
        creditNotes: 1,
        netCents: 15_000,
        taxCents: 3_000,
        grossCents: 18_000,
      }),
    ]);
  });

  it("converts each document at its own rate and never adds different currencies", () => {
    const documents = [
      doc({ currency: "USD", eurRate: "1.0812", grossCents: 10_001, taxCents: 1_667 }),
      doc({ currency: "USD", eurRate: "1.1000", grossCents: 10_001, taxCents: 1_667 }),
      doc({
        currency: "GBP",
        eurRate: "0.8512",
        grossCents: 5_000,
        taxCents: 833,
        country: "GB",
        taxReason: "export",
      }),
      doc({ currency: "CHF", eurRate: "0.9400", kind: "credit_note", grossCents: 2_000, taxCents: 0 }),
    ];
    const report = aggregateTaxReport(documents);
    expect(report.byCurrency.map((total) => total.currency)).toEqual(["USD", "GBP", "CHF"]);
    const usd = report.byCurrency[0]!;
    expect(usd).toMatchObject({ grossCents: 20_002, taxCents: 3_334, netCents: 16_668 });
    expect(usd.grossEuroCents).toBe(
      toEuroCents(10_001, "USD", "1.0812") + toEuroCents(10_001, "USD", "1.1000"),
    );
    const signedEuro = (d: TaxDocument, cents: number) =>
      (d.kind === "invoice" ? 1 : -1) * toEuroCents(cents, d.currency, d.eurRate);
    expect(report.euros.grossEuroCents).toBe(
      documents.reduce((sum, d) => sum + signedEuro(d, d.grossCents), 0),
    );
    expect(report.euros.taxEuroCents).toBe(documents.reduce((sum, d) => sum + signedEuro(d, d.taxCents), 0));
    // Net + tax = gross, in euros as in each currency.
    for (const total of [...report.byCurrency, report.euros])
      expect(total.netEuroCents + total.taxEuroCents).toBe(total.grossEuroCents);
    expect(report.euros.grossCents).toBe(report.euros.grossEuroCents);
  });

  it("groups a tax reason it has no label for as stored", () => {
    const report = aggregateTaxReport([
      doc({ country: "NO", taxReason: "a_future_reason", vatRateBps: 2500 }),
    ]);
    expect(report.rows[0]).toMatchObject({ taxReason: "a_future_reason" });
    expect(taxReasonLabel("a_future_reason")).toBe("a_future_reason");
    expect(taxReasonLabel("foreign_consumer")).not.toBe("foreign_consumer");
    expect(taxReasonLabel("reverse_charge")).toBe("Reverse charge");
  });

  it("is empty for a period without documents", () => {
    expect(aggregateTaxReport([])).toMatchObject({ rows: [], byCurrency: [], euros: { grossEuroCents: 0 } });
  });
});

describe("the OSS summary", () => {
  it("declares only EU consumers, per member state and rate, every currency in euros", () => {
    const report = aggregateTaxReport([
      doc({}),
      doc({ currency: "USD", eurRate: "1.2", grossCents: 12_000, taxCents: 2_000 }),
      doc({ country: "CY", taxReason: "domestic", vatRateBps: 1900 }),
      doc({ country: "DE", taxReason: "reverse_charge", vatRateBps: 0, taxCents: 0 }),
      doc({ country: "NO", taxReason: "foreign_consumer", vatRateBps: 2500 }),
      doc({ country: "EE", vatRateBps: 2200 }),
      doc({ country: "EE", vatRateBps: 2400 }),
    ]);
    const oss = ossSummary(report);
    expect(oss.lines).toEqual([
      { country: "EE", vatRateBps: 2400, taxableEuroCents: 10_000, vatEuroCents: 2_000 },
      { country: "EE", vatRateBps: 2200, taxableEuroCents: 10_000, vatEuroCents: 2_000 },
      { country: "FR", vatRateBps: 2000, taxableEuroCents: 10_000 + 8_333, vatEuroCents: 2_000 + 1_667 },
    ]);
    expect(oss.vatEuroCents).toBe(2_000 + 2_000 + 3_667);
  });
});

describe("amounts and periods as the CSV and the form read them", () => {
  it("writes minor units as plain decimals, negative and whole-yen included", () => {
    expect(decimalAmount(123_450, "EUR")).toBe("1234.50");
    expect(decimalAmount(-1_205, "GBP")).toBe("-12.05");
    expect(decimalAmount(-5, "USD")).toBe("-0.05");
    expect(decimalAmount(7_865, "JPY")).toBe("7865");
  });

  it("reads a month or a quarter in UTC and refuses anything else, the future and before 2020", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(parseTaxPeriod("2026-07", now)).toMatchObject({
      kind: "month",
      start: new Date("2026-07-01T00:00:00Z"),
      end: new Date("2026-08-01T00:00:00Z"),
      label: "July 2026",
    });
    expect(parseTaxPeriod("2026-Q4", now)).toMatchObject({
      kind: "quarter",
      start: new Date("2026-10-01T00:00:00Z"),
      end: new Date("2027-01-01T00:00:00Z"),
    });
    for (const bad of ["2026-13", "2026-Q5", "2026-7", "x", "2019-Q4", "2026-12", "2027-Q1", undefined])
      expect(parseTaxPeriod(bad, now)).toBeNull();
  });

  it("offers the recent quarters and months, newest first, across a year's turn", () => {
    const { quarters, months } = recentTaxPeriods(new Date("2026-02-10T00:00:00Z"), 3, 3);
    expect(quarters.map((period) => period.key)).toEqual(["2026-Q1", "2025-Q4", "2025-Q3"]);
    expect(months.map((period) => period.key)).toEqual(["2026-02", "2026-01", "2025-12"]);
  });
});
