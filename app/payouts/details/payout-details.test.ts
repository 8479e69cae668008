import { describe, expect, it } from "vitest";
import {
  bankDetailsSchema,
  checkDateOfBirth,
  LIMITS,
  PAYOUT_MESSAGES,
  sellerDetailsSchema,
} from "./payout-details";

const today = new Date("2026-11-26T12:00:00Z");

describe("checkDateOfBirth", () => {
  it("accepts someone who is 18 today, refuses someone who is 18 tomorrow", () => {
    expect(checkDateOfBirth("2008-11-26", today)).toEqual({ ok: true, value: "2008-11-26" });
    expect(checkDateOfBirth("2008-11-27", today)).toEqual({ ok: false, message: PAYOUT_MESSAGES.tooYoung });
  });

  it("counts someone born on 29 February as of age from 1 March in a common year", () => {
    expect(checkDateOfBirth("2008-02-29", new Date("2026-02-28T12:00:00Z")).ok).toBe(false);
    expect(checkDateOfBirth("2008-02-29", new Date("2026-03-01T12:00:00Z")).ok).toBe(true);
  });

  it.each(["1990-02-30", "1990-13-01", "1990-1-1", "12/04/1990", "1899-12-31", "", "1990-04-12T00:00"])(
    "refuses %j as not a real date of birth",
    (raw) => {
      expect(checkDateOfBirth(raw, today)).toEqual({ ok: false, message: PAYOUT_MESSAGES.dateOfBirth });
    },
  );
});

describe("the seller details schema", () => {
  const seller = {
    intent: "seller",
    sellerKind: "individual",
    // What the form still holds from the business fields: an individual's legal name joins the two below.
    legalName: "Lovelace Ltd",
    firstName: "  Ana Maria ",
    lastName: " Creator  ",
    addressLine: "12 Harbour Road",
    postalCode: "ab1 2cd",
    city: "Nicosia",
    country: "CY",
    dateOfBirth: "1990-04-12",
    companyNumber: "HE 1",
    taxId: "cy-123",
    taxCountry: "CY",
    taxIdCountry: "CY",
    permanentEstablishment: "CY",
    vatNumber: "",
  };

  it("stores trimmed, normalised values and only the identity field of the chosen kind", () => {
    expect(sellerDetailsSchema(today).parse(seller)).toEqual({
      sellerKind: "individual",
      legalName: "Ana Maria Creator",
      firstName: "Ana Maria",
      lastName: "Creator",
      addressLine: "12 Harbour Road",
      postalCode: "AB1 2CD",
      city: "Nicosia",
      country: "CY",
      dateOfBirth: "1990-04-12",
      companyNumber: null,
      taxId: "CY-123",
      taxCountry: "CY",
      taxIdCountry: "CY",
      vatNumber: null,
      permanentEstablishment: null,
    });
  });

  it("asks an individual for first and last name, each beside its own field, and joins them as the legal name", () => {
    const messages = (fields: Record<string, string>) =>
      sellerDetailsSchema(today)
        .safeParse({ ...seller, ...fields })
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages({ firstName: "", lastName: "  " })).toEqual([
      ["firstName", PAYOUT_MESSAGES.firstName],
      ["lastName", PAYOUT_MESSAGES.lastName],
    ]);
    expect(messages({ firstName: "Ana" })).toBeUndefined();
    // A legal name typed for a business is not a first and last name: still asked for.
    expect(messages({ firstName: "", lastName: "", legalName: "Ana Creator" })).toHaveLength(2);
    expect(messages({ firstName: "A".repeat(LIMITS.firstName + 1) })).toEqual([
      ["firstName", `Keep your first name to ${LIMITS.firstName} characters.`],
    ]);
    expect(LIMITS.firstName + 1 + LIMITS.lastName).toBe(LIMITS.legalName);
  });

  it.each(["Ana\tMaria", "Ana\nMaria", "Ana\u0000", "Ana\u007f"])(
    "refuses the control character in the first or last name %j",
    (name) => {
      for (const field of ["firstName", "lastName"]) {
        const result = sellerDetailsSchema(today).safeParse({ ...seller, [field]: name });
        expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
          [field, "Use a single line without special characters."],
        ]);
      }
    },
  );

  it("keeps a business's single legal name and no first or last name, whatever the form still held", () => {
    const business = { ...seller, sellerKind: "business", legalName: " Lovelace Ltd " };
    expect(sellerDetailsSchema(today).parse(business)).toMatchObject({
      legalName: "Lovelace Ltd",
      firstName: null,
      lastName: null,
    });
    const refused = sellerDetailsSchema(today).safeParse({ ...business, legalName: "", firstName: "" });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["legalName", "Enter your legal name."],
    ]);
    expect(
      sellerDetailsSchema(today)
        .safeParse({ ...business, legalName: "Lovelace\rLtd" })
        .error?.issues.map((issue) => issue.path[0]),
    ).toEqual(["legalName"]);
  });

  it("asks a business where in the EU it has a permanent establishment, or that it has none", () => {
    const business = { ...seller, sellerKind: "business" };
    const parse = (permanentEstablishment: string) =>
      sellerDetailsSchema(today).safeParse({ ...business, permanentEstablishment });
    expect(parse("none").data?.permanentEstablishment).toBe("none");
    expect(parse("DE").data?.permanentEstablishment).toBe("DE");
    for (const refused of ["", "US", "de", "XX", "none\n"]) {
      expect(parse(refused).error?.issues.map((issue) => issue.message)).toEqual([
        PAYOUT_MESSAGES.permanentEstablishment,
      ]);
    }
  });

  it("requires the country that issued the TIN, a real one", () => {
    for (const taxIdCountry of [undefined, "", "ZZ", "C\u0000"]) {
      const result = sellerDetailsSchema(today).safeParse({ ...seller, taxIdCountry });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([PAYOUT_MESSAGES.taxIdCountry]);
    }
  });

  it("refuses a tab in a one-line field (forms let tabs through)", () => {
    const result = sellerDetailsSchema(today).safeParse({ ...seller, city: "Nico\tsia" });
    expect(result.success).toBe(false);
  });

  it("normalises an EU VAT number of the tax country", () => {
    expect(sellerDetailsSchema(today).parse({ ...seller, vatNumber: "cy 10259033p" }).vatNumber).toBe(
      "CY10259033P",
    );
  });
});

describe("the bank details schema", () => {
  it("stores the IBAN without spaces and the BIC in capitals; an empty IBAN means keep the saved one", () => {
    expect(
      bankDetailsSchema.parse({
        intent: "bank",
        holder: "Ana",
        iban: "de89 3704 0044 0532 0130 00",
        bic: "cobadeff",
      }),
    ).toEqual({ holder: "Ana", iban: "DE89370400440532013000", bic: "COBADEFF" });
    expect(
      bankDetailsSchema.parse({ intent: "bank", holder: "Ana", iban: "", bic: "COBADEFF" }).iban,
    ).toBeNull();
  });
});
