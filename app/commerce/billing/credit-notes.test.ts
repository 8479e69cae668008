import { describe, expect, it } from "vitest";
import { creditNoteVat } from "./credit-notes";

const order = { totalCents: 12_100, vatAmountCents: 2_100 };

describe("a credit note's VAT", () => {
  it("is the order's VAT in proportion for a part refund", () => {
    expect(creditNoteVat(order, 3_630, { amountCents: 0, vatCents: 0 })).toBe(630);
  });

  it("is what is left of the order's VAT on the note that completes the refunds, so the notes add up", () => {
    const first = creditNoteVat(order, 3_333, { amountCents: 0, vatCents: 0 });
    const second = creditNoteVat(order, 4_444, { amountCents: 3_333, vatCents: first });
    const last = creditNoteVat(order, 4_323, { amountCents: 7_777, vatCents: first + second });
    expect(first + second + last).toBe(order.vatAmountCents);
    expect([first, second]).toEqual([578, 771]);
  });

  it("is the whole VAT for a refund of the whole order, and none for an order without VAT", () => {
    expect(creditNoteVat(order, 12_100, { amountCents: 0, vatCents: 0 })).toBe(2_100);
    expect(
      creditNoteVat({ totalCents: 5_000, vatAmountCents: 0 }, 2_000, { amountCents: 0, vatCents: 0 }),
    ).toBe(0);
  });

  it("never exceeds the note's own amount", () => {
    expect(creditNoteVat({ totalCents: 100, vatAmountCents: 100 }, 1, { amountCents: 0, vatCents: 0 })).toBe(
      1,
    );
  });
});
