import { describe, expect, it } from "vitest";
import { fromEuroCents, isCurrency, minorUnitDigits, rateMicros, toEuroCents } from "./currencies";

describe("currencies", () => {
  it("knows the yen has no minor unit and the others have cents", () => {
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("USD")).toBe(2);
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("usd")).toBe(false);
    expect(isCurrency("XAU")).toBe(false);
  });

  it("converts to euro cents at the ECB rate, rounding half away from zero", () => {
    expect(toEuroCents(10_812, "USD", "1.0812")).toBe(10_000);
    expect(toEuroCents(4_900, "EUR", "1")).toBe(4_900);
    // ¥16,000 at 160.5 yen per euro is €99.688 → 9969 cents.
    expect(toEuroCents(16_000, "JPY", "160.5")).toBe(9_969);
    expect(toEuroCents(-10_812, "USD", "1.0812")).toBe(-10_000);
    expect(toEuroCents(1, "GBP", "0.85")).toBe(1);
  });

  it("converts euro cents to a currency's minor units for suggested prices", () => {
    expect(fromEuroCents(4_900, "USD", "1.0812")).toBe(5_298);
    expect(fromEuroCents(4_900, "JPY", "160.5")).toBe(7_865);
  });

  it("refuses a malformed or zero rate instead of dividing by it", () => {
    expect(() => rateMicros("0")).toThrow(RangeError);
    expect(() => rateMicros("1e3")).toThrow(RangeError);
    expect(() => rateMicros("-1.2")).toThrow(RangeError);
    expect(rateMicros("1.0812")).toBe(1_081_200n);
  });
});
