import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEcbDailyXml, ratesAreStale } from "./ecb-rates";
import { roundToPricePoint, suggestedPrice } from "./price-points";

describe("price points", () => {
  it("rounds dollars, pounds and francs up to the next whole unit ending in 9", () => {
    expect(roundToPricePoint(812, "USD")).toBe(900);
    expect(roundToPricePoint(900, "USD")).toBe(900);
    expect(roundToPricePoint(901, "GBP")).toBe(1900);
    expect(roundToPricePoint(1001, "CHF")).toBe(1900);
    expect(roundToPricePoint(2340, "USD")).toBe(2900);
    expect(roundToPricePoint(1, "USD")).toBe(900);
  });
  it("rounds yen up to the next hundred", () => {
    expect(roundToPricePoint(1623, "JPY")).toBe(1700);
    expect(roundToPricePoint(1600, "JPY")).toBe(1600);
  });
  it("keeps euro prices and zero as they are", () => {
    expect(roundToPricePoint(1234, "EUR")).toBe(1234);
    expect(roundToPricePoint(0, "USD")).toBe(0);
  });
  it("suggests a price from the euro price at the day's rate", () => {
    // €29.00 at 1.0812 is $31.35 → $39.00; at 162.35 yen it is ¥4,708 → ¥4,800
    expect(suggestedPrice(2900, "USD", "1.0812")).toBe(3900);
    expect(suggestedPrice(2900, "JPY", "162.35")).toBe(4800);
  });
});

describe("ECB daily XML", () => {
  const xml = readFileSync("server/seed/demo-assets/ecb-eurofxref-daily.xml", "utf8");
  it("reads the day and the rates of the currencies sold in", () => {
    expect(parseEcbDailyXml(xml)).toEqual({
      date: "2026-11-27",
      rates: { USD: "1.0812", JPY: "162.35", GBP: "0.85215", CHF: "0.9382" },
    });
  });
  it("refuses a document without a day or without a currency sold in", () => {
    expect(() => parseEcbDailyXml("<html>maintenance</html>")).toThrow(/no <Cube time/);
    expect(() => parseEcbDailyXml(xml.replace(/<Cube currency='CHF'[^>]*>/, ""))).toThrow(/no rate for CHF/);
  });
  it("refuses a rate that is not a positive decimal", () => {
    expect(() => parseEcbDailyXml(xml.replace("rate='1.0812'", "rate='1.2.3'"))).toThrow(/bad rate for USD/);
  });
  it("calls rates stale when the newest is older than four days", () => {
    const now = new Date("2026-12-02T12:00:00Z");
    expect(ratesAreStale("2026-11-27", now)).toBe(true);
    expect(ratesAreStale("2026-11-30", now)).toBe(false);
    expect(ratesAreStale(null, now)).toBe(true);
  });
});
