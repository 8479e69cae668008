import { describe, expect, it } from "vitest";
import { xsdErrors } from "../../../tests/support/xsd";
import { buildPain001, eurosText, type Pain001Input, sepaText } from "./pain001.server";

const INPUT: Pain001Input = {
  messageId: "VERDEO2026100123456789abcdef0123",
  createdAt: new Date("2026-11-02T09:30:00Z"),
  executionDate: "2026-11-02",
  debtor: { name: "Verdeo Ltd", iban: "CY17 0020 0128 0000 0012 0052 7600", bic: "BCYPCY2N" },
  remittance: "Verdeo royalties 2026-10",
  transfers: [
    {
      endToEndId: "3f1c2a7e9b0d4c5e8f6a1b2c3d4e5f60",
      amountCents: 123_456,
      creditor: { name: "Zoë Müller-Łukasz & Søn", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
    },
    {
      endToEndId: "0b9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c",
      amountCents: 5_000,
      creditor: { name: "Ελένη Παπαδοπούλου", iban: "FR1420041010050500013M02606", bic: null },
    },
  ],
};

describe("the SEPA credit-transfer file (pain.001.001.09)", () => {
  it("validates against the EPC's pain.001.001.09 schema", async () => {
    expect(await xsdErrors(buildPain001(INPUT))).toEqual([]);
  });

  it("a file the schema refuses is reported (the validation can fail)", async () => {
    const broken = buildPain001(INPUT).replace("<ChrgBr>SLEV</ChrgBr>", "<ChrgBr>SHAR</ChrgBr>");
    expect((await xsdErrors(broken)).join(" ")).toMatch(/ChrgBr/);
  });

  it("states the count and the control sum in euros, and one transfer per payout with its end-to-end id", () => {
    const xml = buildPain001(INPUT);
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>1284.56<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<InstdAmt Ccy="EUR">1234.56</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">50.00</InstdAmt>');
    expect(xml).toContain("<EndToEndId>3f1c2a7e9b0d4c5e8f6a1b2c3d4e5f60</EndToEndId>");
    expect(xml).toContain("<IBAN>DE89370400440532013000</IBAN>");
    expect(xml).toContain("<Nm>Zoe Muller-Lukasz + Son</Nm>");
  });

  it("amounts come from integer cents, never floats", () => {
    expect(eurosText(1)).toBe("0.01");
    expect(eurosText(10)).toBe("0.10");
    expect(eurosText(2_147_483_647)).toBe("21474836.47");
    expect(() => eurosText(-1)).toThrow();
    expect(() => eurosText(1.5)).toThrow();
  });

  it("names are written in the SEPA character set, bounded, never empty", () => {
    expect(sepaText("Åsa Ström-Øberg", 70)).toBe("Asa Strom-Oberg");
    expect(sepaText("a\u0000b<c>", 70)).toBe("a b c");
    expect(sepaText("Ελένη", 70)).toBe("Verdeo creator");
    expect(sepaText("x".repeat(100), 70)).toHaveLength(70);
  });
});
