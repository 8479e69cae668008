import { describe, expect, it } from "vitest";
import { TOTAL_LABELS, totalLabelOf } from "./total-label";

describe("the label of an order's total", () => {
  it("says incl. VAT when VAT was charged", () => {
    expect(totalLabelOf({ vatRateBps: 1900, taxReason: "domestic", country: "CY" })).toEqual({
      label: TOTAL_LABELS.withVat,
      reason: null,
    });
  });

  it("says Total and the reverse charge for a 0% business order in the EU", () => {
    expect(totalLabelOf({ vatRateBps: 0, taxReason: "reverse_charge", country: "DE" })).toEqual({
      label: "Total",
      reason: "Reverse charge: your business accounts for the VAT",
    });
  });

  it("says Total and that no EU VAT applies to a buyer outside the EU", () => {
    expect(totalLabelOf({ vatRateBps: 0, taxReason: "export", country: "US" })).toEqual({
      label: "Total",
      reason: "Export of services: no EU VAT",
    });
  });
});
