import { describe, expect, it } from "vitest";
import { amountField, CENTS_CEILING, eurosField, eurosValue, parseAmount, parseEuros } from "./money";

describe("euro amounts typed in the console", () => {
  it.each([
    ["12.5", 1250],
    ["12.50", 1250],
    ["12,5", 1250],
    ["12", 1200],
    ["0.01", 1],
    ["0", 0],
    [" 49.90 ", 4990],
    ["€49", 4900],
    ["21474836.47", CENTS_CEILING],
  ])("%j is %i cents, exactly", (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each([
    ["three decimals", "12.505"],
    ["a negative amount", "-1"],
    ["a plus sign", "+1"],
    ["past 2^31 cents", "21474836.48"],
    ["a huge number", "99999999999"],
    ["a NUL character", "12\u00005"],
    ["an exponent", "1e3"],
    ["thousands separators", "1,000.00"],
    ["nothing", ""],
    ["a lone point", "."],
    ["words", "twelve"],
  ])("refuses %s", (_what, text) => {
    expect(parseEuros(text)).toBeNull();
  });

  it("writes cents back as a field value with two decimals", () => {
    expect(eurosValue(4990)).toBe("49.90");
    expect(eurosValue(5)).toBe("0.05");
    expect(eurosValue(null)).toBe("");
    expect(parseEuros(eurosValue(123_456))).toBe(123_456);
  });

  it("a euro field keeps its range and names it in euros", () => {
    const field = eurosField("The price", 100, 10_000);
    expect(field.parse("1")).toBe(100);
    const refused = field.safeParse("100.01");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain("€1.00 to €100.00");
  });
});

describe("amounts in an order's currency", () => {
  it("reads dollars with two decimals and yen in whole units, never a hundred times too much", () => {
    expect(parseAmount("49.90", "USD")).toBe(4990);
    expect(parseAmount("12,5", "GBP")).toBe(1250);
    expect(parseAmount("1200", "JPY")).toBe(1200);
    expect(parseAmount("12.50", "JPY")).toBeNull();
    expect(parseAmount("€10", "USD")).toBeNull();
    expect(parseAmount("€10", "EUR")).toBe(1000);
    expect(parseAmount("-5", "CHF")).toBeNull();
    expect(parseAmount("9999999999", "JPY")).toBeNull();
  });

  it("names the currency and its range when an amount is refused", () => {
    const field = amountField("The amount", 1, 5000, "JPY");
    const refused = field.safeParse("12.50");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      "The amount is an amount in JPY from JP¥1 to JP¥5,000, in whole units.",
    );
    expect(field.parse("300")).toBe(300);
  });
});
