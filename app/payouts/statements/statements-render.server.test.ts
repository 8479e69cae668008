import { describe, expect, it } from "vitest";
import type { RoyaltyLine } from "../ledger/ledger.queries.server";
import { type StatementDocument, statementCsv } from "./statements-render.server";

const at = new Date("2026-12-03T10:00:00Z");

function line(overrides: Partial<RoyaltyLine>): RoyaltyLine {
  return {
    id: "l1",
    creatorId: "c1",
    kind: "royalty",
    licenseId: "VL-AAAA-BBBB-CCCC",
    orderId: "00000000-0000-0000-0000-000000000001",
    clipId: 1,
    clipTitle: "Quiet Lake",
    planName: "Creator · One-time purchase",
    baseCents: 890,
    rateBps: 5_000,
    amountCents: 445,
    reversesId: null,
    availableAt: at,
    payoutId: null,
    createdAt: new Date("2026-11-02T09:00:00Z"),
    ...overrides,
  };
}

function document(lines: RoyaltyLine[]): StatementDocument {
  return {
    creatorName: "Maya",
    lines,
    payout: null,
    statement: {
      id: "s1",
      creatorId: "c1",
      period: "2026-11",
      payoutId: null,
      openingCents: 0,
      earnedCents: 1_445,
      reversedCents: 445,
      paidCents: 1_000,
      closingCents: 0,
      createdAt: at,
    },
  };
}

describe("a statement as CSV", () => {
  it("escapes titles as RFC 4180 says and defuses formulas; amounts are numbers of euros", () => {
    const csv = statementCsv(
      document([
        line({ clipTitle: 'Lake, "morning"\nmist' }),
        line({ clipTitle: '=HYPERLINK("http://evil.example")', amountCents: 1_000 }),
        line({ clipTitle: "+SUM(A1)", kind: "reversal", amountCents: -445 }),
        line({ clipTitle: "@cmd", kind: "restoration", amountCents: 5 }),
        line({ clipTitle: "Ηλιοβασίλεμα στη Σαντορίνη" }),
      ]),
    );
    expect(csv.endsWith("\r\n")).toBe(true);
    const records = csv.split("\r\n");
    expect(records[0]).toBe("date,type,clip,plan,license,amount_eur");
    expect(records[1]).toBe("2026-12-03,Opening balance,,,,0");
    expect(records[2]).toBe(
      '2026-11-02,Royalty,"Lake, ""morning""\nmist",Creator · One-time purchase,VL-AAAA-BBBB-CCCC,4.45',
    );
    expect(records[3]).toContain(',"\'=HYPERLINK(""http://evil.example"")",');
    expect(records[3]).toMatch(/,10$/);
    expect(records[4]).toMatch(/^2026-11-02,Reversal,'\+SUM\(A1\),.*,-4\.45$/);
    expect(records[5]).toMatch(/^2026-11-02,Restoration,'@cmd,.*,0\.05$/);
    expect(records[6]).toContain(",Ηλιοβασίλεμα στη Σαντορίνη,");
    expect(records[7]).toBe("2026-12-03,Payout,,,,-10");
    expect(records[8]).toBe("2026-12-03,Closing balance,,,,0");
  });
});
