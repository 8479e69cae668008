import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./statements-csv";

describe("statement CSV", () => {
  it("quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)", () => {
    expect(csvCell("Lake, morning")).toBe('"Lake, morning"');
    expect(csvCell('The "quiet" lake')).toBe('"The ""quiet"" lake"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rlf")).toBe('"cr\rlf"');
    expect(csvCell("Plain title")).toBe("Plain title");
    expect(csvCell("Ηλιοβασίλεμα στη Σαντορίνη")).toBe("Ηλιοβασίλεμα στη Σαντορίνη");
  });

  it("a text cell that a spreadsheet would run as a formula gets a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("numbers stay numbers, negative ones too, and an empty cell is empty", () => {
    expect(csvCell(-445)).toBe("-445");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
  });

  it("writes cents as euros with two decimals, exactly", () => {
    expect(csvCell({ euros: -445 })).toBe("-4.45");
    expect(csvCell({ euros: 5 })).toBe("0.05");
    expect(csvCell({ euros: 123_456_789 })).toBe("1234567.89");
    expect(csvCell({ euros: 0 })).toBe("0.00");
  });

  it("ends every record, the last one too, with CRLF", () => {
    expect(
      toCsv([
        ["a", 1],
        ["b,c", -2],
      ]),
    ).toBe('a,1\r\n"b,c",-2\r\n');
  });
});
