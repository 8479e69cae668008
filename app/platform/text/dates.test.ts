import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes a day in the page's language, in UTC", () => {
    const day = "2026-11-23T23:30:00Z";
    expect(formatDate(day)).toBe("23 November 2026");
    expect(formatDate(day, "de")).toBe("23. November 2026");
    expect(formatDate(day, "fr")).toBe("23 novembre 2026");
    expect(formatDate(day, "ja")).toBe("2026年11月23日");
    expect(formatDate(new Date(day), "pt-BR")).toBe("23 de novembro de 2026");
  });
});
