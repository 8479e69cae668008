import { describe, expect, it } from "vitest";
import { currencyFromAcceptLanguage, currencyFromCookieHeader, visitorCurrency } from "./visitor-currency";

describe("the visitor's currency", () => {
  it("follows the region of the most preferred language", () => {
    expect(currencyFromAcceptLanguage("en-US,en;q=0.9")).toBe("USD");
    expect(currencyFromAcceptLanguage("en-GB")).toBe("GBP");
    expect(currencyFromAcceptLanguage("de-CH")).toBe("CHF");
    expect(currencyFromAcceptLanguage("fr-CH,fr;q=0.8")).toBe("CHF");
    expect(currencyFromAcceptLanguage("it-CH")).toBe("CHF");
    expect(currencyFromAcceptLanguage("ja")).toBe("JPY");
    expect(currencyFromAcceptLanguage("fr;q=0.5,en-US;q=0.9")).toBe("USD");
  });
  it("is the euro for other regions, no region, or no header", () => {
    expect(currencyFromAcceptLanguage("de-DE")).toBe("EUR");
    expect(currencyFromAcceptLanguage("en")).toBe("EUR");
    expect(currencyFromAcceptLanguage("")).toBe("EUR");
    expect(currencyFromAcceptLanguage(undefined)).toBe("EUR");
    expect(currencyFromAcceptLanguage("*")).toBe("EUR");
  });
  it("takes the cookie's choice only when it names a currency sold in", () => {
    expect(currencyFromCookieHeader("theme=dark; currency=GBP")).toBe("GBP");
    expect(currencyFromCookieHeader("currency=XYZ")).toBeNull();
    expect(currencyFromCookieHeader("currency=usd")).toBeNull();
    const headers = new Headers({ cookie: "currency=CHF", "accept-language": "en-US" });
    expect(visitorCurrency(headers)).toBe("CHF");
    expect(visitorCurrency(new Headers({ cookie: "currency=<script>", "accept-language": "en-US" }))).toBe(
      "USD",
    );
  });
});
