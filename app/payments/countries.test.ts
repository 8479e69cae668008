import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions, isCountry } from "./countries";
import { EU_VAT_RATES } from "./tax";

describe("countries", () => {
  it("are current ISO 3166-1 codes, never a retired alias such as FX for France or UK for GB", () => {
    for (const code of COUNTRY_CODES) expect(Intl.getCanonicalLocales(`und-${code}`)[0]).toBe(`und-${code}`);
    expect(isCountry("FR") && isCountry("GB") && isCountry("DE")).toBe(true);
    expect(isCountry("UK") || isCountry("FX") || isCountry("Cyprus")).toBe(false);
  });

  it("include every EU member state of the VAT table", () => {
    for (const code of Object.keys(EU_VAT_RATES)) expect(isCountry(code)).toBe(true);
  });

  it("are named in the reader's language, one name per code", () => {
    expect(countryName("CY")).toBe("Cyprus");
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(new Set(countryOptions().map((option) => option.name)).size).toBe(COUNTRY_CODES.length);
  });
});

describe("the stored English names", () => {
  it("are what this runtime's ICU gives, for every code, in its collation order (run scripts/country-names.ts when not)", () => {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    const collator = new Intl.Collator("en");
    const expected = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    expect(countryOptions("en")).toEqual(expected);
  });
});
