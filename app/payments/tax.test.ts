import { describe, expect, it } from "vitest";
import { countryName } from "./countries";
import {
  checkVatNumber,
  DEFAULT_TAX_RULES,
  decideTax,
  EU_VAT_RATES,
  standardRateBps,
  vatPrefixOf,
} from "./tax";

const ON = new Date("2026-11-26T12:00:00Z");
const RULES = DEFAULT_TAX_RULES;

describe("tax table", () => {
  it("charges a Cypriot individual Cyprus's 19%", () => {
    expect(decideTax({ country: "CY", buyerType: "individual", vatNumber: null }, ON, RULES)).toEqual({
      ok: true,
      rateBps: 1900,
      reason: "domestic",
      vatNumber: null,
    });
  });

  it("charges a French individual France's 20% (One-Stop Shop)", () => {
    expect(decideTax({ country: "FR", buyerType: "individual", vatNumber: null }, ON, RULES)).toMatchObject({
      ok: true,
      rateBps: 2000,
      reason: "eu_consumer",
    });
  });

  it("charges a German business with a well-formed VAT number 0%, reverse charge", () => {
    expect(
      decideTax({ country: "DE", buyerType: "business", vatNumber: "de 123 456 789" }, ON, RULES),
    ).toEqual({
      ok: true,
      rateBps: 0,
      reason: "reverse_charge",
      vatNumber: "DE123456789",
    });
  });

  it("refuses a German business's malformed VAT number with a message naming the format", () => {
    const decision = decideTax({ country: "DE", buyerType: "business", vatNumber: "DE12345" }, ON, RULES);
    expect(decision).toEqual({
      ok: false,
      message: "That VAT number does not have the format used in Germany (for example DE123456789).",
    });
  });

  it("refuses another country's VAT number for a German business", () => {
    expect(
      decideTax({ country: "DE", buyerType: "business", vatNumber: "FR12345678901" }, ON, RULES).ok,
    ).toBe(false);
  });

  it("charges a United States business 0%, the business accounts for any tax, whatever it types as VAT number", () => {
    expect(decideTax({ country: "US", buyerType: "business", vatNumber: "12-3456789" }, ON, RULES)).toEqual({
      ok: true,
      rateBps: 0,
      reason: "foreign_business",
      vatNumber: null,
    });
  });

  it("charges a Cypriot business Cyprus's 19% even with a VAT number", () => {
    expect(decideTax({ country: "CY", buyerType: "business", vatNumber: "CY12345678X" }, ON, RULES)).toEqual({
      ok: true,
      rateBps: 1900,
      reason: "domestic",
      vatNumber: "CY12345678X",
    });
  });

  it("charges an EU business without a VAT number its country's rate, like a consumer", () => {
    expect(decideTax({ country: "DE", buyerType: "business", vatNumber: "" }, ON, RULES)).toMatchObject({
      rateBps: 1900,
      reason: "eu_consumer",
    });
  });

  it("ignores a VAT number given by an individual", () => {
    expect(
      decideTax({ country: "DE", buyerType: "individual", vatNumber: "DE123456789" }, ON, RULES),
    ).toMatchObject({
      rateBps: 1900,
      reason: "eu_consumer",
      vatNumber: null,
    });
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

/** A well-formed number of each member state, after its prefix (the formats of tax.ts). */
const SAMPLE_NUMBERS: Record<string, string> = {
  AT: "U12345678",
  BE: "0123456789",
  BG: "123456789",
  CY: "12345678X",
  CZ: "12345678",
  DE: "123456789",
  DK: "12345678",
  EE: "123456789",
  ES: "X1234567X",
  FI: "12345678",
  FR: "12345678901",
  GR: "123456789",
  HR: "12345678901",
  HU: "12345678",
  IE: "1234567WA",
  IT: "12345678901",
  LT: "123456789",
  LU: "12345678",
  LV: "12345678901",
  MT: "12345678",
  NL: "123456789B01",
  PL: "1234567890",
  PT: "123456789",
  RO: "1234567890",
  SE: "123456789001",
  SI: "12345678",
  SK: "1234567890",
};
const MEMBER_STATES = Object.keys(EU_VAT_RATES);
/** The example each member state's format message gives, after its prefix. */
const SAMPLE_EXAMPLES: Record<string, string> = Object.fromEntries(
  MEMBER_STATES.map((country) => {
    const refused = checkVatNumber(country, `${vatPrefixOf(country)}!`);
    const example = refused.ok ? "" : (/\(for example [A-Z]{2}(.+)\)\.$/.exec(refused.message)?.[1] ?? "");
    return [country, example];
  }),
);

describe("a VAT number's prefix must be the chosen country's", () => {
  it("has a sample number for every member state", () => {
    expect(Object.keys(SAMPLE_NUMBERS).sort()).toEqual([...MEMBER_STATES].sort());
  });

  it.each(MEMBER_STATES)("%s: takes its own prefix, or none, and stores the prefixed number", (country) => {
    const prefix = vatPrefixOf(country);
    const number = SAMPLE_NUMBERS[country]!;
    expect(checkVatNumber(country, `${prefix}${number}`)).toEqual({
      ok: true,
      vatNumber: `${prefix}${number}`,
    });
    expect(checkVatNumber(country, `${prefix.toLowerCase()} ${number}`)).toEqual({
      ok: true,
      vatNumber: `${prefix}${number}`,
    });
    expect(checkVatNumber(country, number)).toEqual({ ok: true, vatNumber: `${prefix}${number}` });
  });

  it.each(MEMBER_STATES)(
    "%s: refuses every other member state's number, naming both countries",
    (country) => {
      for (const other of MEMBER_STATES) {
        if (other === country) continue;
        const foreign = vatPrefixOf(other);
        const checked = checkVatNumber(country, `${foreign}${SAMPLE_NUMBERS[other]}`);
        expect(checked, `${foreign} number for ${country}`).toEqual({
          ok: false,
          message: `That VAT number starts with ${foreign}, the prefix of ${countryName(other)}, not of ${countryName(country)} (for example ${vatPrefixOf(country)}${SAMPLE_EXAMPLES[country]}).`,
        });
        // Also a number that has the chosen country's format after the other prefix.
        expect(checkVatNumber(country, `${foreign}${SAMPLE_NUMBERS[country]}`)).toMatchObject({ ok: false });
      }
    },
  );

  it("refuses a German number for a French business instead of reading it as FRDE… (reverse charge)", () => {
    expect(checkVatNumber("FR", "DE123456789")).toEqual({
      ok: false,
      message:
        "That VAT number starts with DE, the prefix of Germany, not of France (for example FR12345678901).",
    });
    expect(decideTax({ country: "FR", buyerType: "business", vatNumber: "DE123456789" }, ON, RULES).ok).toBe(
      false,
    );
    // A French number whose two-character key is letters still reads with France's own prefix.
    expect(checkVatNumber("FR", "FRDE123456789")).toEqual({ ok: true, vatNumber: "FRDE123456789" });
    expect(checkVatNumber("FR", "AB123456789")).toEqual({ ok: true, vatNumber: "FRAB123456789" });
  });

  it("reads Greece's numbers with EL, and says so to a Greek number typed with GR", () => {
    expect(checkVatNumber("GR", "EL 123456789")).toEqual({ ok: true, vatNumber: "EL123456789" });
    expect(checkVatNumber("GR", "GR123456789")).toEqual({
      ok: false,
      message: "Greek VAT numbers start with EL, not GR (for example EL123456789).",
    });
    expect(checkVatNumber("FR", "EL123456789")).toMatchObject({
      ok: false,
      message:
        "That VAT number starts with EL, the prefix of Greece, not of France (for example FR12345678901).",
    });
  });

  it("refuses Northern Ireland's XI and the United Kingdom's GB numbers for every member state", () => {
    for (const country of MEMBER_STATES) {
      for (const [prefix, register] of [
        ["XI", "Northern Ireland"],
        ["GB", "United Kingdom"],
      ] as const) {
        const checked = checkVatNumber(country, `${prefix}${SAMPLE_NUMBERS[country]}`);
        expect(checked, `${prefix} for ${country}`).toEqual({
          ok: false,
          message: expect.stringContaining(
            `starts with ${prefix}, the prefix of ${register}, not of ${countryName(country)}`,
          ),
        });
      }
    }
    // A Northern Irish buyer of digital services bills as the United Kingdom, with its GB number.
    expect(decideTax({ country: "GB", buyerType: "business", vatNumber: "XI123456789" }, ON, RULES)).toEqual({
      ok: false,
      message: expect.stringContaining(
        "starts with XI, the prefix of Northern Ireland, not of United Kingdom",
      ),
    });
  });

  it("refuses a country that is not a member state, even one named after an object's property", () => {
    for (const country of ["US", "XI", "constructor", "__proto__", "toString"]) {
      expect(checkVatNumber(country, "DE123456789")).toMatchObject({ ok: false });
    }
  });
});
