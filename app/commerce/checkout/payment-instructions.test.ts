import { describe, expect, it } from "vitest";
import { paymentInstructionLines, paymentInstructionsFor } from "./payment-instructions";

const SETTINGS = {
  SELLER_NAME: "Verdeo Ltd",
  SELLER_BANK_NAME: "Bank of Cyprus",
  SELLER_IBAN: "CY00 TEST",
  SELLER_BIC: "BCYPCY2N",
};
const ID = "0f6c1a2b-0000-4000-8000-000000000000";

describe("bank transfer instructions per currency", () => {
  it("ask a euro order for its total, with no currency note", () => {
    const instructions = paymentInstructionsFor(
      { id: ID, totalCents: 10_591, currency: "EUR", eurRate: "1" },
      SETTINGS,
    );
    expect(instructions).toMatchObject({ amount: "€105.91", iban: "CY00 TEST", currencyNote: null });
  });
  it("ask an order in dollars for its euro value at the order's rate, and say that the account takes euros", () => {
    const instructions = paymentInstructionsFor(
      { id: ID, totalCents: 11_781, currency: "USD", eurRate: "1.081200" },
      SETTINGS,
    );
    expect(instructions.amount).toBe("€108.96");
    expect(instructions.currencyNote).toBe(
      "Your order is US$117.81. Our account takes euros: please transfer €108.96, its value at the order's exchange rate (1 EUR = 1.0812 USD), or pay by card in USD.",
    );
    expect(paymentInstructionLines(instructions).at(-1)).toBe(instructions.currencyNote);
  });
});
