import { describe, expect, it } from "vitest";
import { paidAtLabel } from "./payment-time";

describe("the paid time staff see", () => {
  it("is the day alone for a payment marked by hand, which was entered as a date", () => {
    expect(paidAtLabel({ paidAt: new Date("2026-11-20T12:00:00Z"), paymentReference: "SEPA 4471" })).toBe(
      "2026-11-20",
    );
  });

  it("is the day and time Stripe reported for a card payment", () => {
    expect(paidAtLabel({ paidAt: "2026-11-20T09:41:07.000Z", paymentReference: "stripe:pi_3Pabc" })).toBe(
      "2026-11-20 09:41",
    );
  });
});
