import { describe, expect, it } from "vitest";
import type { TaxBuyer } from "~/payments/tax";
import { DEFAULT_TAX_RULES as RULES } from "~/payments/tax";
import {
  confirmTax,
  needsCheck,
  orderVatCheckNote,
  registerOf,
  type VatCheckStatus,
  type VatCheckView,
  vatNumberRejectedMessage,
} from "./vat-confirmation";

const ON = new Date("2026-06-01T12:00:00Z");
const GERMAN_BUSINESS: TaxBuyer = { country: "DE", buyerType: "business", vatNumber: "DE123456789" };

const check = (status: VatCheckStatus, more: Partial<VatCheckView> = {}): VatCheckView => ({
  vatNumber: "DE123456789",
  register: "VIES",
  status,
  consultationNumber: status === "confirmed" ? "WAPI000111" : null,
  requestedAt: ON,
  checkedAt: status === "pending" ? null : ON,
  ...more,
});

describe("reverse charge only once the VAT number is confirmed", () => {
  it("a confirmed number is a reverse charge at 0%, with the register's consultation number", () => {
    expect(confirmTax(GERMAN_BUSINESS, check("confirmed"), ON, RULES)).toEqual({
      ok: true,
      rateBps: 0,
      reason: "reverse_charge",
      vatNumber: "DE123456789",
      vatCheck: { status: "confirmed", consultationNumber: "WAPI000111" },
    });
  });

  it("a pending check prices with the VAT of the buyer's country and keeps the number to correct later", () => {
    expect(confirmTax(GERMAN_BUSINESS, check("pending"), ON, RULES)).toEqual({
      ok: true,
      rateBps: 1900,
      reason: "eu_consumer",
      vatNumber: "DE123456789",
      vatCheck: { status: "pending", consultationNumber: null },
    });
  });

  it("a number never checked is priced as pending: its format alone grants nothing", () => {
    const tax = confirmTax(GERMAN_BUSINESS, null, ON, RULES);
    expect(tax).toMatchObject({ ok: true, rateBps: 1900, vatCheck: { status: "pending" } });
  });

  it("the check of another number does not count for this one", () => {
    const other = check("confirmed", { vatNumber: "DE987654321" });
    expect(confirmTax(GERMAN_BUSINESS, other, ON, RULES)).toMatchObject({
      rateBps: 1900,
      vatCheck: { status: "pending" },
    });
  });

  it("while the register is down (unavailable) the order includes VAT, and says so", () => {
    expect(
      confirmTax({ ...GERMAN_BUSINESS, country: "FR", vatNumber: "FR12345678901" }, null, ON, RULES),
    ).toMatchObject({
      rateBps: 2000,
    });
    expect(confirmTax(GERMAN_BUSINESS, check("unavailable"), ON, RULES)).toMatchObject({
      ok: true,
      rateBps: 1900,
      vatCheck: { status: "unavailable", consultationNumber: null },
    });
  });

  it("a rejected number is refused with a sentence that names it and the way out", () => {
    expect(confirmTax(GERMAN_BUSINESS, check("rejected"), ON, RULES)).toEqual({
      ok: false,
      message: "VIES does not know the VAT number DE123456789. Check it, or buy without it and VAT is added.",
      rejected: { rateBps: 1900 },
    });
  });

  it("a malformed number is refused by its format before any check", () => {
    expect(
      confirmTax({ ...GERMAN_BUSINESS, vatNumber: "DE12" }, check("confirmed"), ON, RULES),
    ).toMatchObject({
      ok: false,
    });
  });

  it("buyers whose tax does not depend on a number are not touched by a check", () => {
    const cypriot = { country: "CY", buyerType: "business" as const, vatNumber: "CY12345678X" };
    expect(confirmTax(cypriot, null, ON, RULES)).toMatchObject({
      rateBps: 1900,
      reason: "domestic",
      vatCheck: null,
    });
    const consumer = { country: "DE", buyerType: "individual" as const, vatNumber: null };
    expect(confirmTax(consumer, null, ON, RULES)).toMatchObject({
      rateBps: 1900,
      reason: "eu_consumer",
      vatCheck: null,
    });
    const american = { country: "US", buyerType: "business" as const, vatNumber: null };
    expect(confirmTax(american, null, ON, RULES)).toMatchObject({
      rateBps: 0,
      reason: "foreign_business",
      vatCheck: null,
    });
  });
});

describe("when a number is asked again", () => {
  it("a confirmation is reused for 30 days, a refusal for a day; a down register is asked again at once", () => {
    const days = (n: number) => new Date(ON.getTime() + n * 86_400_000);
    expect(needsCheck(null, ON)).toBe(true);
    expect(needsCheck(check("confirmed"), days(29))).toBe(false);
    expect(needsCheck(check("confirmed"), days(31))).toBe(true);
    expect(needsCheck(check("rejected"), days(0.5))).toBe(false);
    expect(needsCheck(check("rejected"), days(2))).toBe(true);
    expect(needsCheck(check("unavailable"), ON)).toBe(true);
    expect(needsCheck(check("pending"), new Date(ON.getTime() + 60_000))).toBe(false);
    expect(needsCheck(check("pending"), new Date(ON.getTime() + 11 * 60_000))).toBe(true);
  });

  it("GB numbers go to HMRC, every other prefix to VIES", () => {
    expect(registerOf("GB123456789")).toBe("HMRC");
    expect(registerOf("DE123456789")).toBe("VIES");
    expect(vatNumberRejectedMessage("GB123456789")).toMatch(
      /^HMRC does not know the VAT number GB123456789\./,
    );
  });
});

describe("what an order's documents say about its check", () => {
  it("a confirmed reverse charge names the register and its consultation number; a pending one why VAT is charged", () => {
    const order = {
      vatNumber: "DE123456789",
      vatCheckStatus: "confirmed" as const,
      vatConsultationNumber: "WAPI1",
      vatRateBps: 0,
    };
    expect(orderVatCheckNote(order)).toBe(
      "VAT number DE123456789 confirmed by VIES, consultation number WAPI1.",
    );
    expect(orderVatCheckNote({ ...order, vatRateBps: 1900 })).toBe(
      "VAT number DE123456789 confirmed by VIES after this order was paid, consultation number WAPI1; the VAT is credited by a credit note.",
    );
    expect(
      orderVatCheckNote({
        ...order,
        vatCheckStatus: "pending",
        vatConsultationNumber: null,
        vatRateBps: 1900,
      }),
    ).toMatch(/^VAT charged: VAT number DE123456789 not yet confirmed by VIES/);
    expect(orderVatCheckNote({ ...order, vatNumber: null, vatCheckStatus: null })).toBeNull();
  });
});
