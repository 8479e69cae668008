import { describe, expect, it } from "vitest";
import {
  periodEnd,
  periodLabel,
  periodOf,
  StatementFileSchema,
  statementMailSubject,
  statementPath,
} from "./statements";

describe("statement periods", () => {
  it("a month is named in words and its mail says so", () => {
    expect(periodLabel("2026-11")).toBe("November 2026");
    expect(statementMailSubject("2026-11")).toBe("Your Verdeo statement for November 2026");
  });

  it("a month ends at midnight UTC on the 1st of the next, December into January", () => {
    expect(periodEnd("2026-11").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(periodEnd("2026-12").toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(periodOf(new Date("2026-11-30T23:59:59.999Z"))).toBe("2026-11");
    expect(periodOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
  });

  it("a statement file is a month and pdf or csv, nothing else", () => {
    expect(StatementFileSchema.parse("2026-11.pdf")).toEqual({ period: "2026-11", format: "pdf" });
    expect(StatementFileSchema.parse("2026-01.csv")).toEqual({ period: "2026-01", format: "csv" });
    for (const bad of [
      "2026-13.pdf",
      "2026-00.csv",
      "2026-11.PDF",
      "2026-11.pdf.exe",
      "../2026-11.pdf",
      "2026-11",
    ])
      expect(StatementFileSchema.safeParse(bad).success).toBe(false);
    expect(statementPath("2026-11", "csv", "user 1")).toBe("/studio/statements/2026-11.csv?creator=user%201");
  });
});
