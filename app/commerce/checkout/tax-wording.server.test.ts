import { describe, expect, it } from "vitest";
import { describeTax, TAX_REASONS, taxLineLabel } from "~/payments/tax";
import { taxWordingIn, totalLabelOf } from "./tax-wording.server";
import { TOTAL_LABELS } from "./total-label";

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

describe("the tax's words in the page's language", () => {
  const orders = TAX_REASONS.flatMap((reason) =>
    [
      ["FR", null],
      ["JP", null],
      ["CA", "QC"],
      ["CA", "ON"],
      ["US", "CA"],
      ["GB", null],
    ].map(([country, subdivision]) => ({ reason, country: country!, subdivision })),
  );

  it("in English say exactly what the tax rules say", () => {
    for (const order of orders) {
      expect(taxWordingIn("en", order)).toEqual({
        reason: describeTax(order.reason, order.country, order.subdivision),
        name: taxLineLabel(order.reason, order.country, order.subdivision),
      });
    }
  });

  it("in German name the country and the tax the German way; GST and QST stay as Canada writes them", () => {
    expect(taxWordingIn("de", { reason: "eu_consumer", country: "FR" })).toEqual({
      reason: "MwSt. von Frankreich (Satz für Verbraucher in der EU)",
      name: "MwSt.",
    });
    expect(taxWordingIn("de", { reason: "foreign_consumer", country: "CA", subdivision: "QC" }).name).toBe(
      "GST + QST (Québec)",
    );
    expect(taxWordingIn("ja", { reason: "foreign_consumer", country: "JP" })).toEqual({
      reason: "日本：消費者向け消費税",
      name: "消費税",
    });
  });

  it("says the VAT is charged until the number is confirmed, in the page's language", () => {
    expect(taxWordingIn("en", { reason: "domestic", country: "CY" }, true).reason).toBe(
      "Cyprus VAT, until your VAT number is confirmed",
    );
    expect(taxWordingIn("fr", { reason: "domestic", country: "CY" }, true).reason).toBe(
      "TVA chypriote, jusqu'à la confirmation de votre numéro de TVA",
    );
  });
});
