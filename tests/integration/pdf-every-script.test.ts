import { describe, expect, it } from "vitest";
import { type InvoiceData, renderInvoice } from "~/commerce/billing/invoice-pdf.server";
import { renderCertificate } from "~/licensing/certificates/certificate-pdf.server";
import { pdfText, pdfWords } from "../support/pdf-text";

/**
 * PDFs print names and addresses in every script (decision 0031), read back with poppler's
 * pdftotext. Its default mode (not -raw, which keeps drawing order and splits Arabic words at
 * joins) groups a right-to-left run and returns it in logical order, so an Arabic or Hebrew name
 * reads back as it was typed only when the PDF draws it in correct visual order.
 */

const NAMES = {
  Latin: "Zoë Ångström-Müller",
  Greek: "Γιώργος Παπαδόπουλος",
  Cyrillic: "Анна Каренина",
  Arabic: "محمد عبد الله",
  Hebrew: "שרה כהן",
  Chinese: "张伟",
  Japanese: "山田 さくら",
  // The middle dot and the long-vowel mark are script Common: they must still take the CJK font.
  Katakana: "サトー・ケーコ",
  Korean: "김민준",
  Thai: "สมชาย ใจดี",
  Devanagari: "अनिल शर्मा",
};

function invoice(buyer: Partial<InvoiceData["buyer"]>): InvoiceData {
  return {
    number: 42,
    status: "paid",
    issuedAt: new Date("2026-11-02T10:00:00Z"),
    seller: {
      name: "Verdeo GmbH",
      address: "Hauptstraße 1, 10115 Berlin",
      vatId: "DE123456789",
      email: "billing@example.com",
    },
    buyer: {
      name: null,
      company: null,
      email: "buyer@example.com",
      addressLine: null,
      postalCode: null,
      city: null,
      country: "DE",
      vatNumber: null,
      ...buyer,
    },
    orderId: "8f14e45f-ceea-467f-a0e6-1ec9ffb1a2c3",
    line: { description: "Pro plan", billing: "one_time", unitPriceCents: 4900 },
    promoCode: null,
    discountCents: 0,
    vatRateBps: 1900,
    vatCents: 931,
    totalCents: 5831,
    taxNote: null,
    locale: "en",
    currency: "EUR",
    exchange: { rate: "1", date: null, source: null },
  };
}

describe("names in every script print and read back", () => {
  it("the invoice prints a buyer's name, company and city in each script, right-to-left ones in logical order", async () => {
    for (const [script, name] of Object.entries(NAMES)) {
      const text = pdfText(await renderInvoice(invoice({ name, company: name, city: name })));
      // Company, name and city.
      expect(text.split(name).length - 1, script).toBeGreaterThanOrEqual(3);
    }
  });

  it("the certificate prints the licensee, the clip's title and its creator in each script", async () => {
    for (const [script, name] of Object.entries(NAMES)) {
      const pdf = await renderCertificate({
        licenseId: "LIC-7QX2-9KPA",
        licenseeName: name,
        licenseeEmail: "buyer@example.com",
        clipId: 12,
        clipTitle: name,
        creatorName: name,
        licenseKind: "standard",
        licensedAt: new Date("2026-11-02T10:00:00Z"),
        orderId: "8f14e45f-ceea-467f-a0e6-1ec9ffb1a2c3",
        verificationUrl: "https://verdeo.example/verify/LIC-7QX2-9KPA",
      });
      expect(pdfText(pdf).split(name).length - 1, script).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("right-to-left text inside left-to-right lines", () => {
  /** poppler's -bbox words are in drawing order: a right-to-left word comes out mirrored. */
  const mirrored = (word: string) => [...word].reverse().join("");
  type Word = ReturnType<typeof pdfWords>[number];
  /** The words beside `text`: each font has its own height, so those spanning its middle. */
  const onLineOf = (words: Word[], text: string) => {
    const word = words.find((candidate) => candidate.text === text);
    if (!word) throw new Error(`"${text}" not among ${words.map((w) => w.text).join(" | ")}`);
    const middle = (word.top + word.bottom) / 2;
    return words.filter((candidate) => candidate.top <= middle && middle <= candidate.bottom);
  };
  const xOf = (words: { text: string; x: number }[], text: string) => {
    const word = words.find((candidate) => candidate.text === text);
    if (!word) throw new Error(`"${text}" not among ${words.map((w) => w.text).join(" | ")}`);
    return word.x;
  };

  it("an Arabic street address keeps its number whole, left to right, at the left end of the right-to-left run", async () => {
    for (const number of ["1234", "١٢٣٤"]) {
      const pdf = await renderInvoice(invoice({ name: "Buyer", addressLine: `شارع الملك فهد ${number}` }));
      const line = onLineOf(pdfWords(pdf), number);
      const arabic = line.filter((word) => word.text !== number && /\p{Script=Arabic}/u.test(word.text));
      expect(arabic.length).toBeGreaterThan(0);
      // Read right to left, the number comes last: it stands left of every Arabic word.
      for (const word of arabic) expect(xOf(line, number)).toBeLessThan(word.x);
      expect(pdfText(pdf)).toContain("شارع الملك فهد");
      expect(pdfText(pdf)).not.toContain(mirrored(number));
    }
  });

  it("a mixed line of Latin, Arabic, brackets and digits is drawn in Unicode bidi order and reads back whole", async () => {
    const pdf = await renderInvoice(invoice({ company: "Ali محمد (علي) 2024 Ltd" }));
    const line = onLineOf(pdfWords(pdf), "Ali").sort((a, b) => a.x - b.x);
    // Left to right: Ali, then the Arabic run mirrored as a whole (its number still read left to
    // right, its brackets turned to face the right way), then Ltd. Spaces aside, as poppler splits
    // words at brackets.
    expect(line.map((word) => word.text).join("")).toBe(`Ali2024(${mirrored("علي")})${mirrored("محمد")}Ltd`);
    expect(pdfText(pdf)).toContain("محمد");
  });

  it("a Hebrew name followed by Latin keeps the Latin on its right", async () => {
    const pdf = await renderInvoice(invoice({ name: "Buyer", addressLine: "דוד כהן, Tel Aviv" }));
    const words = pdfWords(pdf);
    const order = [mirrored("כהן"), "דוד,", "Tel", "Aviv"].map((text) => xOf(words, text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(pdfText(pdf)).toContain("דוד כהן");
  });
});
