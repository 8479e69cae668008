import { describe, expect, it } from "vitest";
import { checkVatNumber, decideTax, EU_VAT_RATES, standardRateBps } from "./tax";

const ON = new Date("2026-11-26T12:00:00Z");

describe("tax table", () => {
  it("charges a Cypriot individual Cyprus's 19%", () => {
    expect(decideTax({ country: "CY", buyerType: "individual", vatNumber: null }, ON)).toEqual({
      ok: true,
      rateBps: 1900,
      reason: "domestic",
      vatNumber: null,
    });
  });

  it("charges a French individual France's 20% (One-Stop Shop)", () => {
    expect(decideTax({ country: "FR", buyerType: "individual", vatNumber: null }, ON)).toMatchObject({
      ok: true,
      rateBps: 2000,
      reason: "eu_consumer",
    });
  });

  it("charges a German business with a well-formed VAT number 0%, reverse charge", () => {
    expect(decideTax({ country: "DE", buyerType: "business", vatNumber: "de 123 456 789" }, ON)).toEqual({
      ok: true,
      rateBps: 0,
      reason: "reverse_charge",
      vatNumber: "DE123456789",
    });
  });

  it("refuses a German business's malformed VAT number with a message naming the format", () => {
    const decision = decideTax({ country: "DE", buyerType: "business", vatNumber: "DE12345" }, ON);
    expect(decision).toEqual({
      ok: false,
      message: "That VAT number does not have the format used in Germany (for example DE123456789).",
    });
  });

  it("refuses another country's VAT number for a German business", () => {
    expect(decideTax({ country: "DE", buyerType: "business", vatNumber: "FR12345678901" }, ON).ok).toBe(
      false,
    );
  });

  it("charges a United States buyer 0%, export of services, whatever they type as VAT number", () => {
    expect(decideTax({ country: "US", buyerType: "business", vatNumber: "12-3456789" }, ON)).toEqual({
      ok: true,
      rateBps: 0,
      reason: "export",
      vatNumber: null,
    });
  });

  it("charges a Cypriot business Cyprus's 19% even with a VAT number", () => {
    expect(decideTax({ country: "CY", buyerType: "business", vatNumber: "CY12345678X" }, ON)).toEqual({
      ok: true,
      rateBps: 1900,
      reason: "domestic",
      vatNumber: "CY12345678X",
    });
  });

  it("charges an EU business without a VAT number its country's rate, like a consumer", () => {
    expect(decideTax({ country: "DE", buyerType: "business", vatNumber: "" }, ON)).toMatchObject({
      rateBps: 1900,
      reason: "eu_consumer",
    });
  });

  it("ignores a VAT number given by an individual", () => {
    expect(decideTax({ country: "DE", buyerType: "individual", vatNumber: "DE123456789" }, ON)).toMatchObject(
      {
        rateBps: 1900,
        reason: "eu_consumer",
        vatNumber: null,
      },
    );
  });

  it("reads Greek VAT numbers with their EL prefix", () => {
    expect(checkVatNumber("GR", "EL123456789")).toEqual({ ok: true, vatNumber: "EL123456789" });
    expect(checkVatNumber("GR", "123456789")).toEqual({ ok: true, vatNumber: "EL123456789" });
  });

  it("takes a rate from the day it applies: Finland 24% until August 2024, 25.5% from September", () => {
    expect(standardRateBps("FI", new Date("2024-08-31T23:59:59Z"))).toBe(2400);
    expect(standardRateBps("FI", new Date("2024-09-01T00:00:00Z"))).toBe(2550);
  });

  it("lists the 27 member states, each with its rates in date order", () => {
    expect(Object.keys(EU_VAT_RATES)).toHaveLength(27);
    for (const rates of Object.values(EU_VAT_RATES)) {
      const dates = rates.map((rate) => rate.from);
      expect([...dates].sort()).toEqual(dates);
    }
  });
});
