import { describe, expect, it } from "vitest";
import { exchangeLine, plainRate } from "./exchange-line";

describe("a document's exchange line", () => {
  it("names the rate, its source and day, and the VAT and total in euros", () => {
    expect(
      exchangeLine(
        { vatCents: 1_881, totalCents: 11_781 },
        "USD",
        { rate: "1.081200", date: "2026-11-27", source: "ECB" },
        "en-IE",
      ),
    ).toBe("Exchange rate: 1 EUR = 1.0812 USD (ECB, 2026-11-27); VAT in EUR: €17.40; total in EUR: €108.96.");
  });
  it("converts whole yen", () => {
    expect(
      exchangeLine(
        { vatCents: 1_000, totalCents: 11_000 },
        "JPY",
        { rate: "162.35", date: "2026-11-27", source: "ECB" },
        "en-IE",
      ),
    ).toContain("VAT in EUR: €6.16");
  });
  it("is left out of euro documents", () => {
    expect(
      exchangeLine(
        { vatCents: 100, totalCents: 600 },
        "EUR",
        { rate: "1", date: null, source: "ECB" },
        "en-IE",
      ),
    ).toBeNull();
  });
  it("writes the stored rate without trailing zeros", () => {
    expect(plainRate("1.081200")).toBe("1.0812");
    expect(plainRate("1.000000")).toBe("1");
    expect(plainRate("162.35")).toBe("162.35");
  });
});
