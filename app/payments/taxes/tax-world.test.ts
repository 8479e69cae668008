import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/platform/config.server";
import {
  DEFAULT_TAX_RULES,
  decideTax,
  describeTax,
  parseTaxRules,
  type TaxBuyer,
  type TaxRules,
  taxLineLabel,
  taxNoteOf,
} from "../tax";
import { subdivisionOf, subdivisionsOf } from "./subdivisions";
import { FOREIGN_CONSUMER_TAXES } from "./tax-rates";
import { foreignTaxName } from "./tax-reasons";
import { DEFAULT_TAX_REGISTRATIONS } from "./tax-rules";

const ON = new Date("2026-11-26T12:00:00Z");
const consumer = (country: string, subdivision: string | null = null): TaxBuyer => ({
  country,
  buyerType: "individual",
  vatNumber: null,
  subdivision,
});
const business = (country: string, vatNumber: string | null = null): TaxBuyer => ({
  country,
  buyerType: "business",
  vatNumber,
});
const rulesWith = (registrations: string, unregistered: TaxRules["unregistered"] = "no_tax") => {
  const parsed = parseTaxRules(registrations, unregistered);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rules;
};

describe("consumer tax outside the EU, one row per country", () => {
  it.each([
    ["GB", 2000, "VAT"],
    ["NO", 2500, "VAT"],
    ["CH", 810, "VAT"],
    ["IS", 2400, "VAT"],
    ["AU", 1000, "GST"],
    ["NZ", 1500, "GST"],
    ["JP", 1000, "consumption tax"],
    ["SG", 900, "GST"],
    ["KR", 1000, "VAT"],
    ["IN", 1800, "GST"],
  ])("charges a consumer in %s %i bps of %s", (country, bps, tax) => {
    expect(decideTax(consumer(country), ON, DEFAULT_TAX_RULES)).toEqual({
      ok: true,
      rateBps: bps,
      reason: "foreign_consumer",
      vatNumber: null,
    });
    expect(taxLineLabel("foreign_consumer", country)).toBe(tax);
  });

  it.each([
    ["ON", 1300, "HST (Ontario)"],
    ["NS", 1400, "HST (Nova Scotia)"],
    ["NB", 1500, "HST (New Brunswick)"],
    ["NL", 1500, "HST (Newfoundland and Labrador)"],
    ["PE", 1500, "HST (Prince Edward Island)"],
    ["QC", 1497.5, "GST + QST (Québec)"],
    ["BC", 1200, "GST + PST (British Columbia)"],
    ["SK", 1100, "GST + PST (Saskatchewan)"],
    ["MB", 1200, "GST + RST (Manitoba)"],
    ["AB", 500, "GST"],
    ["YT", 500, "GST"],
  ])("charges a consumer in Canada's %s %d bps, named %s", (province, bps, name) => {
    expect(decideTax(consumer("CA", province), ON, DEFAULT_TAX_RULES)).toMatchObject({
      ok: true,
      rateBps: bps,
      reason: "foreign_consumer",
    });
    expect(foreignTaxName("CA", province)).toBe(name);
  });

  it("asks a Canadian consumer for the province before pricing", () => {
    expect(decideTax(consumer("CA"), ON, DEFAULT_TAX_RULES)).toEqual({
      ok: false,
      field: "subdivision",
      message: "Please choose your province or territory from the list.",
    });
  });

  it("names its source, a tax authority's address, on every row", () => {
    for (const [country, row] of Object.entries(FOREIGN_CONSUMER_TAXES)) {
      expect(row.source, country).toMatch(/: https:\/\/[^\s]+$/);
      expect(row.rates.length, country).toBeGreaterThan(0);
    }
  });
});

describe("business buyers outside the EU", () => {
  it("reverse charges a UK business with a GB VAT number (9 or 12 digits)", () => {
    for (const number of ["GB 123 4567 89", "GB123456789012"]) {
      expect(decideTax(business("GB", number), ON, DEFAULT_TAX_RULES)).toEqual({
        ok: true,
        rateBps: 0,
        reason: "reverse_charge",
        vatNumber: number.replace(/\s/g, ""),
      });
    }
    expect(taxNoteOf("reverse_charge", "GB")).toContain("Value Added Tax Act 1994");
  });

  it("refuses a malformed GB VAT number", () => {
    expect(decideTax(business("GB", "GB12345"), ON, DEFAULT_TAX_RULES)).toMatchObject({
      ok: false,
      message: expect.stringContaining("format used in United Kingdom"),
    });
  });

  it("charges a UK business without a VAT number the consumer rate, as HMRC allows", () => {
    expect(decideTax(business("GB"), ON, DEFAULT_TAX_RULES)).toMatchObject({
      ok: true,
      rateBps: 2000,
      reason: "foreign_consumer",
    });
  });

  it.each(["NO", "CH", "IS", "AU", "NZ", "JP", "SG", "KR", "IN", "CA", "US", "BR"])(
    "charges a business in %s 0%%: it accounts for any tax itself",
    (country) => {
      expect(decideTax(business(country), ON, DEFAULT_TAX_RULES)).toEqual({
        ok: true,
        rateBps: 0,
        reason: "foreign_business",
        vatNumber: null,
      });
    },
  );

  it("says so at checkout and on the invoice", () => {
    expect(describeTax("foreign_business", "AU")).toBe(
      "Business outside the EU: any tax of Australia is yours to account for",
    );
    expect(taxNoteOf("foreign_business", "AU")).toContain("to be accounted for by the recipient");
  });
});

describe("dated changes", () => {
  it.each([
    ["CH", null, "2023-12-31", 770],
    ["CH", null, "2024-01-01", 810],
    ["SG", null, "2023-06-30", 800],
    ["SG", null, "2024-01-01", 900],
    ["JP", null, "2019-09-30", 800],
    ["JP", null, "2019-10-01", 1000],
    ["CA", "NS", "2025-03-31", 1500],
    ["CA", "NS", "2025-04-01", 1400],
  ])("charges %s %s on %s at %i bps", (country, province, day, bps) => {
    expect(
      decideTax(consumer(country, province), new Date(`${day}T00:00:00Z`), DEFAULT_TAX_RULES),
    ).toMatchObject({
      ok: true,
      rateBps: bps,
    });
  });

  it("charges nothing before a country taxed foreign sellers' digital services", () => {
    expect(decideTax(consumer("AU"), new Date("2017-06-30T12:00:00Z"), DEFAULT_TAX_RULES)).toMatchObject({
      ok: true,
      rateBps: 0,
      reason: "export",
    });
  });
});

describe("countries the seller is not registered in", () => {
  it("charges no tax, with the note the law asks for, when configured so (the default)", () => {
    expect(decideTax(consumer("GB"), ON, rulesWith("EU,AU"))).toEqual({
      ok: true,
      rateBps: 0,
      reason: "not_registered",
      vatNumber: null,
    });
    expect(decideTax(consumer("US"), ON, DEFAULT_TAX_RULES)).toMatchObject({ reason: "not_registered" });
    expect(taxNoteOf("not_registered", "US")).toBe(
      "Supply outside the scope of EU VAT (Article 59, Council Directive 2006/112/EC: supplied where the customer is established); tax, if any, to be accounted for by the recipient.",
    );
    expect(describeTax("not_registered", "US")).toBe(
      "No tax charged: any tax of United States is yours to account for",
    );
  });

  it("refuses the consumer with a sentence about the country when configured to refuse", () => {
    expect(decideTax(consumer("GB"), ON, rulesWith("EU,AU", "refuse"))).toEqual({
      ok: false,
      field: "country",
      message:
        "We cannot sell to consumers in United Kingdom yet: Verdeo is not registered for its tax. A business there can buy as a business.",
    });
    // A business needs no registration of the seller's: it still buys.
    expect(decideTax(business("US"), ON, rulesWith("EU", "refuse"))).toMatchObject({ ok: true });
  });

  it("charges the GST alone in Québec without a QST registration", () => {
    expect(decideTax(consumer("CA", "QC"), ON, rulesWith("EU,CA"))).toMatchObject({ rateBps: 500 });
    expect(decideTax(consumer("CA", "ON"), ON, rulesWith("EU,CA"))).toMatchObject({ rateBps: 1300 });
  });

  it("reads the registrations from the configuration and refuses entries the table does not know", () => {
    const settings = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "verdeo-tax-")) });
    expect(settings.TAX_REGISTRATIONS).toBe(DEFAULT_TAX_REGISTRATIONS);
    expect(settings.TAX_UNREGISTERED).toBe("no_tax");
    expect(parseTaxRules("EU,GB,XX", "no_tax")).toMatchObject({
      ok: false,
      message: expect.stringContaining("TAX_REGISTRATIONS names XX"),
    });
    expect(parseTaxRules("GB", "no_tax")).toMatchObject({
      ok: false,
      message: expect.stringContaining("must include EU"),
    });
    expect(parseTaxRules(" eu , gb ", "refuse")).toMatchObject({
      ok: true,
      rules: { unregistered: "refuse" },
    });
  });
});

describe("provinces and states", () => {
  it("accepts a Canadian province or a US state from the fixed list only", () => {
    expect(subdivisionOf("CA", "qc")).toBe("QC");
    expect(subdivisionOf("US", "TX")).toBe("TX");
    expect(subdivisionOf("CA", "TX")).toBeNull();
    expect(subdivisionOf("DE", "QC")).toBeNull();
    expect(subdivisionOf("CA", "__proto__")).toBeNull();
    expect(subdivisionsOf("CA")?.options).toHaveLength(13);
    expect(subdivisionsOf("US")?.options).toHaveLength(51);
    expect(subdivisionsOf("DE")).toBeNull();
  });
});
