import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("a count with its noun", () => {
  it("is singular for exactly one", () => {
    expect(countOf(1, "order")).toBe("1 order");
  });

  it("is plural for none and for many, with thousands separated", () => {
    expect(countOf(0, "order")).toBe("0 orders");
    expect(countOf(1200, "order")).toBe("1,200 orders");
  });

  it("takes an irregular plural", () => {
    expect(countOf(2, "payout waits", "payouts wait")).toBe("2 payouts wait");
    expect(countOf(1, "payout waits", "payouts wait")).toBe("1 payout waits");
  });
});
