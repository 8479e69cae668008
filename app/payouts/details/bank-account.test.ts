import { describe, expect, it } from "vitest";
import { BIC_MESSAGES, checkBic, checkIban, formatIban, IBAN_LENGTHS, IBAN_MESSAGES } from "./bank-account";

describe("checkIban", () => {
  it.each([
    ["DE", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["FR", "FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606"],
    ["NL", "NL91 ABNA 0417 1643 00", "NL91ABNA0417164300"],
    ["CY", "CY17 0020 0128 0000 0012 0052 7600", "CY17002001280000001200527600"],
    ["GB", "GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"],
    ["lowercase, unspaced", "de89370400440532013000", "DE89370400440532013000"],
  ])("accepts a valid IBAN (%s) and stores it without spaces, in capitals", (_, raw, stored) => {
    expect(checkIban(raw)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ["a changed digit", "DE89 3704 0044 0532 0130 01"],
    ["two swapped digits", "DE89 3704 0044 0523 0130 00"],
    ["wrong check digits", "DE88 3704 0044 0532 0130 00"],
    ["a letter where a digit was", "GB29 NWBK 6016 1331 9268 1A"],
    ["letters as check digits", "DEAB 3704 0044 0532 0130 00"],
  ])("refuses an IBAN with %s (checksum)", (_, raw) => {
    expect(checkIban(raw)).toEqual({ ok: false, message: IBAN_MESSAGES.checksum });
  });

  it.each([
    ["one character short", "DE89 3704 0044 0532 0130 0"],
    ["one character long", "NL91 ABNA 0417 1643 000"],
    ["a German IBAN of a French length", "DE89370400440532013000123456"],
  ])("refuses an IBAN %s, naming the country's length", (_, raw) => {
    const country = raw.slice(0, 2);
    expect(checkIban(raw)).toEqual({
      ok: false,
      message: IBAN_MESSAGES.length(country, IBAN_LENGTHS[country]!),
    });
  });

  it("refuses other characters than letters, digits and spaces", () => {
    expect(checkIban("DE89-3704-0044-0532-0130-00")).toEqual({
      ok: false,
      message: IBAN_MESSAGES.characters,
    });
    expect(checkIban("DE89\u00003704")).toEqual({ ok: false, message: IBAN_MESSAGES.characters });
  });

  it("refuses an unknown country and an empty field", () => {
    expect(checkIban("US12 3456 7890 1234 5678 90")).toEqual({ ok: false, message: IBAN_MESSAGES.country });
    expect(checkIban("12DE 3704")).toEqual({ ok: false, message: IBAN_MESSAGES.country });
    expect(checkIban("   ")).toEqual({ ok: false, message: IBAN_MESSAGES.required });
  });

  it("prints an IBAN in groups of four", () => {
    expect(formatIban("FR1420041010050500013M02606")).toBe("FR14 2004 1010 0505 0001 3M02 606");
  });
});

describe("checkBic", () => {
  it.each([
    ["8 characters", "COBADEFF", "DE", "COBADEFF"],
    ["11 characters", "COBADEFFXXX", "DE", "COBADEFFXXX"],
    ["lowercase with spaces", "abna nl 2a", "NL", "ABNANL2A"],
    ["a Monaco IBAN with a French bank's BIC", "BNPAFRPP", "MC", "BNPAFRPP"],
  ])("accepts a BIC of %s", (_, raw, country, stored) => {
    expect(checkBic(raw, country)).toEqual({ ok: true, value: stored });
  });

  it.each([["COBADEF"], ["COBADEFFX"], ["COBADEFFXXXX"], ["C0BADEFF"], ["COBA1EFF"], ["COBADEFF-XX"]])(
    "refuses %s as not a BIC",
    (raw) => {
      expect(checkBic(raw, "DE")).toEqual({ ok: false, message: BIC_MESSAGES.format });
    },
  );

  it("refuses a BIC from another country than the IBAN's", () => {
    expect(checkBic("ABNANL2A", "DE")).toEqual({ ok: false, message: BIC_MESSAGES.country("NL", "DE") });
  });

  it("refuses an empty BIC", () => {
    expect(checkBic("", "DE")).toEqual({ ok: false, message: BIC_MESSAGES.required });
  });
});
