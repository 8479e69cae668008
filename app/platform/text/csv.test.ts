import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDocument, csvResponse } from "./csv";

describe("CSV files for spreadsheets", () => {
  it("a cell a spreadsheet would run as a formula stays text", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("-1.75")).toBe("-1.75");
    expect(csvCell("-1.75e3")).toBe("'-1.75e3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tTab")).toBe("'\tTab");
  });

  it("quotes commas, quotes and line breaks; drops control characters; numbers are written as they are", () => {
    expect(csvCell("Müller, Zoë")).toBe('"Müller, Zoë"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("nul\u0000byte")).toBe("nulbyte");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
  });

  it("a document is a header and rows, each line ended by CRLF", () => {
    expect(csvDocument(["a", "b"], [["1", 2]])).toBe("a,b\r\n1,2\r\n");
  });

  it("a download starts with UTF-8's byte-order mark, then the file unchanged", async () => {
    const body = csvDocument(["name"], [["Γιώργος"], ["محمد"]]);
    const response = csvResponse(body, "names.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(`${CSV_BOM}${body}`);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="names.csv"');
  });
});
