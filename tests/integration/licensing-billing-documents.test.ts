import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatCreditNoteNumber } from "~/commerce/billing/invoice-pdf.server";
import { creditNotePath, invoicePath } from "~/commerce/orders/order-id";
import { markOrderPaid, refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { creditNotes, invoices } from "~/commerce/schema.server";
import { licenseClip } from "~/licensing/downloads.server";
import { certificatePath } from "~/licensing/library.server";
import { loader as certificateLoader } from "~/licensing/routes/certificate";
import { loader as creditNoteLoader } from "~/licensing/routes/credit-note";
import { loader as invoiceLoader } from "~/licensing/routes/invoice";
import { formatMoney } from "~/payments/money";
import { TAX_REASON_NOTES } from "~/payments/tax";
import { config } from "~/platform/config.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import { routeArgs } from "../factories/commerce";
import { createOrder, createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";
import { pdfText } from "../support/pdf-text";

const database = useTestDatabase();

function get(url: string, cookie: string | null) {
  return new Request(new URL(url, "http://localhost"), { headers: cookie ? { Cookie: cookie } : {} });
}

const document = async (
  loader: typeof invoiceLoader | typeof creditNoteLoader,
  url: string,
  orderId: string,
  cookie: string,
) => {
  const response = (await loader({
    ...routeArgs(get(url, cookie)),
    params: { orderId },
  } as never)) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return pdfText(await response.arrayBuffer());
};

const NAMES = {
  Greek: "Γιώργος Παπαδόπουλος",
  Cyrillic: "Анна Каренина",
  Arabic: "محمد عبد الله",
  Japanese: "山田 太郎",
};

describe("every alphabet prints", () => {
  for (const [script, name] of Object.entries(NAMES)) {
    it(`a ${script} buyer's name round-trips through pdftotext on the invoice, the credit note and the certificate`, async () => {
      const buyer = await createAccount();
      const cookie = await sessionCookie(buyer.email);
      const paid = await createPaidOrder({
        userId: buyer.id,
        email: buyer.email,
        fields: { buyerName: name, city: name, country: "GR" },
      });
      const invoice = await document(invoiceLoader, invoicePath(paid.order.id), paid.order.id, cookie);
      expect(invoice).toContain(name);

      const creator = await createProfile({ fullName: name });
      const clipId = await createClip({ userId: creator!.id, title: name });
      const licensed = await licenseClip({
        licensee: { userId: buyer.id, name, email: buyer.email },
        clipId: clipId!,
      });
      if (!licensed.ok) throw new Error(licensed.reason);
      const certificate = (await certificateLoader({
        ...routeArgs(get(certificatePath(licensed.value.license.id), cookie)),
        params: { licenseId: licensed.value.license.id },
      } as never)) as Response;
      const certificateText = pdfText(await certificate.arrayBuffer());
      expect(certificateText).toContain(name);
      // Licensee, clip title and creator: the name three times.
      expect(certificateText.split(name).length - 1).toBeGreaterThanOrEqual(3);

      await refundOrder({ orderId: paid.order.id, actor: STAFF_ACTOR });
      const note = await document(creditNoteLoader, creditNotePath(paid.order.id), paid.order.id, cookie);
      expect(note).toContain(name);
    });
  }
});

describe("invoices and credit notes", () => {
  it("an invoice names buyer and seller, the VAT number, each line's rate and the reverse-charge note, in the buyer's locale", async () => {
    const buyer = await createAccount();
    const cookie = await sessionCookie(buyer.email);
    const paid = await createPaidOrder({
      userId: buyer.id,
      email: buyer.email,
      company: "Nordlicht Film GmbH",
      unitPriceCents: 8_900,
      fields: {
        buyerType: "business",
        buyerName: "Jürgen Weiß",
        addressLine: "Friedrichstraße 12",
        postalCode: "10117",
        city: "Berlin",
        country: "DE",
        vatNumber: "DE123456789",
        taxReason: "reverse_charge",
        vatRateBps: 0,
        vatAmountCents: 0,
        totalCents: 8_900,
        locale: "de-DE",
      },
    });
    const text = await document(invoiceLoader, invoicePath(paid.order.id), paid.order.id, cookie);
    for (const expected of [
      config().SELLER_NAME,
      config().SELLER_ADDRESS,
      `VAT ID ${config().SELLER_VAT_ID}`,
      "Nordlicht Film GmbH",
      "Jürgen Weiß",
      "Friedrichstraße 12",
      "10117 Berlin, Germany",
      "VAT number DE123456789",
      "VAT 0%",
      // German formatting: decimal comma, euro sign after (pdfText turns its no-break space into a space).
      "89,00 €",
    ]) {
      expect(text).toContain(expected);
    }
    // The note wraps where the PDF's line ends (after a slash too): compared without spaces.
    expect(text.replace(/\s/g, "")).toContain(TAX_REASON_NOTES.reverse_charge!.replace(/\s/g, ""));
    expect(formatMoney(8_900, "de-DE")).toBe("89,00\u00a0€");
  });

  it("an export invoice carries the export note", async () => {
    const buyer = await createAccount();
    const paid = await createPaidOrder({
      userId: buyer.id,
      email: buyer.email,
      fields: { country: "US", taxReason: "export", vatRateBps: 0, vatAmountCents: 0, totalCents: 8_900 },
    });
    const text = await document(
      invoiceLoader,
      invoicePath(paid.order.id),
      paid.order.id,
      await sessionCookie(buyer.email),
    );
    expect(text.replace(/\s/g, "")).toContain(TAX_REASON_NOTES.export!.replace(/\s/g, ""));
    expect(text).toContain("United States");
  });

  it("a refund issues a credit note against the invoice and mails its link; an unrefunded order has none", async () => {
    const buyer = await createAccount();
    const cookie = await sessionCookie(buyer.email);
    const paid = await createPaidOrder({ userId: buyer.id, email: buyer.email });
    const before = (await creditNoteLoader({
      ...routeArgs(get(creditNotePath(paid.order.id), cookie)),
      params: { orderId: paid.order.id },
    } as never)) as Response;
    expect(before.status).toBe(404);

    await refundOrder({ orderId: paid.order.id, actor: STAFF_ACTOR });
    await refundOrder({ orderId: paid.order.id, actor: STAFF_ACTOR });
    const notes = await database.db.select().from(creditNotes);
    const note = notes.find((row) => row.orderId === paid.order.id)!;
    expect(note).toMatchObject({ invoiceNumber: paid.invoiceNumber, amountCents: paid.order.totalCents });
    const text = await document(creditNoteLoader, creditNotePath(paid.order.id), paid.order.id, cookie);
    expect(text).toContain(formatCreditNoteNumber(note.number, note.issuedAt));
    expect(text).toContain(`-${formatMoney(paid.order.totalCents)}`);
    const refundMail = (await outboxFor(buyer.email)).find((mail) => mail.subject.endsWith("refunded"));
    expect(refundMail?.text).toContain(creditNotePath(paid.order.id));
  });

  it("are numbered without gaps, each series its own, under 20 parallel payments and refunds", async () => {
    const paidFirst = await Promise.all(Array.from({ length: 20 }, () => createPaidOrder()));
    const waiting = await Promise.all(Array.from({ length: 20 }, () => createOrder()));
    await Promise.all([
      ...paidFirst.map(({ order }) => refundOrder({ orderId: order.id, actor: STAFF_ACTOR })),
      ...waiting.map((order) =>
        markOrderPaid({ orderId: order.id, reference: "transfer", paidAt: new Date(), actor: STAFF_ACTOR }),
      ),
    ]);
    const invoiceNumbers = (await database.db.select().from(invoices).orderBy(asc(invoices.number))).map(
      (row) => row.number,
    );
    const noteNumbers = (await database.db.select().from(creditNotes).orderBy(asc(creditNotes.number))).map(
      (row) => row.number,
    );
    const consecutive = (numbers: number[]) =>
      numbers.every((number, index) => index === 0 || number === numbers[index - 1]! + 1);
    expect(consecutive(invoiceNumbers)).toBe(true);
    expect(consecutive(noteNumbers)).toBe(true);
    expect(noteNumbers.length).toBeGreaterThanOrEqual(20);
    expect(invoiceNumbers.length).toBeGreaterThanOrEqual(40);
  });
});
