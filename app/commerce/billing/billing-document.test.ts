import { describe, expect, it } from "vitest";
import { TAX_REASONS, taxNoteOf } from "~/payments/tax";
import { CA_PROVINCE_TAXES, FOREIGN_CONSUMER_TAXES } from "~/payments/taxes/tax-rates";
import { LOCALES } from "~/platform/i18n/locales";
import { orderVatCheckNote } from "../pricing/vat-confirmation";
import { taxNoteIn, vatCheckNoteIn } from "./billing-document.server";
import { documentI18n } from "./invoice-pdf.server";

const english = documentI18n("en");

describe("a billing document's legal notes", () => {
  it("in English are the tax rules' own notes, word for word, for every reason and country", () => {
    const places: [string, string | null][] = [
      ["DE", null],
      ["GB", null],
      ["US", null],
      ...Object.keys(FOREIGN_CONSUMER_TAXES).map((country): [string, null] => [country, null]),
      ...Object.keys(CA_PROVINCE_TAXES).map((province): [string, string] => ["CA", province]),
    ];
    for (const taxReason of TAX_REASONS)
      for (const [country, taxSubdivision] of places)
        expect(taxNoteIn({ taxReason, country, taxSubdivision }, english)).toBe(
          taxNoteOf(taxReason, country, taxSubdivision) ?? "",
        );
  });

  it("in English say what the staff page says about the VAT number's check", () => {
    const base = { vatNumber: "DE123456789", vatConsultationNumber: null, vatRateBps: 0 };
    for (const vatCheckStatus of ["pending", "confirmed", "rejected", "unavailable", null] as const)
      for (const vatConsultationNumber of [null, "WAPI1"])
        for (const vatRateBps of [0, 1900])
          for (const vatNumber of ["DE123456789", "GB123456789", null]) {
            const order = { ...base, vatCheckStatus, vatConsultationNumber, vatRateBps, vatNumber };
            expect(vatCheckNoteIn(order, english)).toBe(orderVatCheckNote(order) ?? "");
          }
  });

  it("are written in each language, keeping the directive's article and the VAT number", () => {
    for (const locale of LOCALES) {
      const i18n = documentI18n(locale);
      const note = taxNoteIn({ taxReason: "reverse_charge", country: "DE", taxSubdivision: null }, i18n);
      expect(note).toContain("2006/112/");
      expect(note).toContain("196");
      const check = vatCheckNoteIn(
        {
          vatNumber: "FR12345678901",
          vatCheckStatus: "pending",
          vatConsultationNumber: null,
          vatRateBps: 2000,
        },
        i18n,
      );
      expect(check).toContain("FR12345678901");
      expect(check).toContain("VIES");
      if (locale !== "en") expect(note).not.toBe(taxNoteOf("reverse_charge", "DE"));
    }
    expect(
      taxNoteIn({ taxReason: "reverse_charge", country: "DE", taxSubdivision: null }, documentI18n("de")),
    ).toMatch(/^Steuerschuldnerschaft des Leistungsempfängers/);
  });
});
