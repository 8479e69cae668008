import { describe, expect, it } from "vitest";
import { partRefundShare, stillToReverse } from "./ledger-amounts";

describe("part refund shares", () => {
  it("takes back the refunded proportion of a line, rounded down to the cent", () => {
    // A €105.91 order, €35.30 refunded: a 445-cent line loses 445 × 3530 / 10591 = 148.32… → 148.
    expect(partRefundShare(445, 3_530, 10_591)).toBe(148);
    expect(partRefundShare(445, 1, 10_591)).toBe(0);
    expect(partRefundShare(100, 50, 100)).toBe(50);
  });

  it("a refund of the whole order or more takes the whole line, never more", () => {
    expect(partRefundShare(445, 10_591, 10_591)).toBe(445);
    expect(partRefundShare(445, 20_000, 10_591)).toBe(445);
  });

  it("stays exact where amount × refunded passes 2^53", () => {
    expect(partRefundShare(2_000_000_000, 2_000_000_000, 2_147_483_647)).toBe(1_862_645_150);
  });

  it("takes nothing from a zero line, a zero refund or an order of zero", () => {
    expect(partRefundShare(0, 100, 200)).toBe(0);
    expect(partRefundShare(445, 0, 200)).toBe(0);
    expect(partRefundShare(445, 100, 0)).toBe(0);
  });

  it("reverses only what is not reversed yet, and never past the line", () => {
    expect(stillToReverse(148, 0, 445)).toBe(148);
    expect(stillToReverse(148, 148, 445)).toBe(0);
    expect(stillToReverse(300, 148, 445)).toBe(152);
    expect(stillToReverse(445, 500, 445)).toBe(0);
    expect(stillToReverse(900, 0, 445)).toBe(445);
  });
});
