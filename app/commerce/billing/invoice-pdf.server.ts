import { PRODUCT_NAME } from "~/constants";
import type { Currency } from "~/payments/currencies";
import { formatMoney, formatRate } from "~/payments/money";
import { header, INK, MUTED, render } from "~/platform/pdf/document.server";
import { setFont, writeText } from "~/platform/pdf/fonts.server";
import { formatDate } from "~/platform/text/dates";
import { shortOrderId } from "../orders/order-id";
import { BILLING_LABELS } from "../pricing/plans";
import { type DocumentExchange, exchangeLine } from "./exchange-line";

/** The figures and parties of an invoice, of the credit note that cancels it, or of a pro-forma. */
export interface BillingDocumentData {
  issuedAt: Date;
  seller: { name: string; address: string; vatId: string; email: string };
  buyer: {
    name: string | null;
    company: string | null;
    email: string;
    addressLine: string | null;
    postalCode: string | null;
    city: string | null;
    country: string;
    vatNumber: string | null;
  };
  orderId: string;
  line: { description: string; billing: keyof typeof BILLING_LABELS; unitPriceCents: number };
  promoCode: string | null;
  discountCents: number;
  vatRateBps: number;
  vatCents: number;
  totalCents: number;
  /** The reverse-charge or export note when no VAT is charged. */
  taxNote: string | null;
  /** The tax line's name: VAT, or a foreign consumer tax ("GST + QST (Québec)"). */
  taxName?: string;
  /** The buyer's locale: amounts are formatted for it. */
  locale: string;
  /** The order's currency: every amount is in its minor units (decision 0026). */
  currency: Currency;
  /** The order's stored rate to the euro, printed under the totals of a non-euro document. */
  exchange: DocumentExchange;
}

export interface InvoiceData extends BillingDocumentData {
  number: number;
  status: string;
}

export interface CreditNoteData extends BillingDocumentData {
  number: number;
  invoiceNumber: number;
  invoiceIssuedAt: Date;
  /** False for a part refund's note: it corrects the invoice by its own amount only. */
  inFull: boolean;
  /** Why the money went back, when the team said (a part refund from the console). */
  reason: string | null;
}

/** A pro-forma: the order's figures and how to pay them, before payment and without a number. */
export interface ProFormaData extends BillingDocumentData {
  /** The bank transfer's rows (amount, reference, account), as the order page shows them. */
  payment: { label: string; value: string }[];
  /** The day an unpaid order is cancelled; null when it has none. */
  payableBy: Date | null;
}

/** Invoice numbers are printed with the year they were issued in, e.g. INV-2026-000042. */
export function formatInvoiceNumber(number: number, issuedAt: Date) {
  return `INV-${issuedAt.getUTCFullYear()}-${String(number).padStart(6, "0")}`;
}

/** Credit notes have their own series, printed the same way: CN-2026-000007. */
export function formatCreditNoteNumber(number: number, issuedAt: Date) {
  return `CN-${issuedAt.getUTCFullYear()}-${String(number).padStart(6, "0")}`;
}

export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const number = formatInvoiceNumber(data.number, data.issuedAt);
  return render(
    (doc) =>
      drawDocument(doc, data, {
        title: "Invoice",
        facts: [
          ["Invoice number", number],
          ["Date of issue", formatDate(data.issuedAt)],
          ["Order", shortOrderId(data.orderId)],
        ],
        sign: 1,
        closing:
          data.status === "refunded"
            ? "This order was refunded; its credit notes cancel this invoice."
            : "Paid. Thank you for licensing footage from independent creators.",
      }),
    { Title: `${PRODUCT_NAME} invoice ${number}` },
  );
}

export function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  const number = formatCreditNoteNumber(data.number, data.issuedAt);
  const invoice = formatInvoiceNumber(data.invoiceNumber, data.invoiceIssuedAt);
  return render(
    (doc) =>
      drawDocument(doc, data, {
        title: "Credit note",
        facts: [
          ["Credit note number", number],
          ["Date of issue", formatDate(data.issuedAt)],
          ["Corrects invoice", invoice],
          ["Order", shortOrderId(data.orderId)],
        ],
        sign: -1,
        closing: [
          data.inFull
            ? `This credit note cancels invoice ${invoice} in full. The amount is returned to the payer.`
            : `This credit note corrects invoice ${invoice} by ${formatMoney(data.totalCents, data.locale, data.currency)}, a part refund. The amount is returned to the payer.`,
          data.reason ? `Reason: ${data.reason}` : "",
        ]
          .filter(Boolean)
          .join("\n"),
      }),
    { Title: `${PRODUCT_NAME} credit note ${number}` },
  );
}

/** The words a pro-forma carries so that no one books it as a tax invoice. */
export const PRO_FORMA_NOTICE =
  "This is not a tax invoice. It carries no invoice number; your invoice is issued once your payment arrives.";

/**
 * The order's figures before payment, for buyers paying by bank transfer: no invoice number (those
 * are gap-free and only for paid orders), the transfer's details and the day it is payable by.
 */
export function renderProForma(data: ProFormaData): Promise<Buffer> {
  const order = shortOrderId(data.orderId);
  const facts: [string, string][] = [
    ["Order", order],
    ["Date of issue", formatDate(data.issuedAt)],
  ];
  if (data.payableBy) facts.push(["Payable by", formatDate(data.payableBy)]);
  return render(
    (doc) =>
      drawDocument(doc, data, {
        title: "Pro-forma invoice",
        facts,
        sign: 1,
        payment: data.payment,
        notice: PRO_FORMA_NOTICE,
        closing: [
          "Quote the reference so we can match your payment.",
          data.payableBy ? `An order not paid by ${formatDate(data.payableBy)} is cancelled.` : "",
        ]
          .filter(Boolean)
          .join(" "),
      }),
    { Title: `${PRODUCT_NAME} pro-forma invoice for order ${order}` },
  );
}

interface Layout {
  title: string;
  /** Label and value pairs beside the seller: the number, dates, the order. */
  facts: [string, string][];
  /** -1 for a credit note: its amounts are credits. */
  sign: 1 | -1;
  /** How to pay (a pro-forma): drawn under the totals. */
  payment?: { label: string; value: string }[];
  /** A sentence in bold before the closing (a pro-forma's "not a tax invoice"). */
  notice?: string;
  closing: string;
}

function drawDocument(doc: PDFKit.PDFDocument, data: BillingDocumentData, layout: Layout) {
  const money = (cents: number) => formatMoney(cents, data.locale, data.currency);
  const signed = (cents: number) => (layout.sign < 0 && cents > 0 ? `-${money(cents)}` : money(cents));
  header(doc, layout.title);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const half = width / 2;
  const top = doc.y;

  doc.fontSize(11).fillColor(INK);
  writeText(doc, data.seller.name, { x: left, y: top, width: half, weight: "bold" });
  doc.fontSize(10).fillColor(MUTED);
  writeText(doc, data.seller.address, { width: half });
  setFont(doc).text(`VAT ID ${data.seller.vatId}`, { width: half });
  doc.text(data.seller.email, { width: half });
  const sellerBottom = doc.y;

  const right = left + half + 20;
  layout.facts.forEach(([label, value], index) => {
    setFont(doc).fontSize(10).fillColor(MUTED);
    if (index === 0) doc.text(label, right, top);
    else doc.text(label, right);
    setFont(doc, "bold").fillColor(INK).text(value, right);
  });
  doc.y = Math.max(sellerBottom, doc.y) + 24;

  setFont(doc).fontSize(9).fillColor(MUTED).text("BILLED TO", left, doc.y, { characterSpacing: 0.5 });
  const buyer = data.buyer;
  doc.fontSize(11).fillColor(INK);
  writeText(doc, buyer.company || buyer.name || buyer.email, { width, weight: "bold" });
  doc.fontSize(10).fillColor(MUTED);
  if (buyer.company && buyer.name) writeText(doc, buyer.name, { width });
  if (buyer.addressLine) writeText(doc, buyer.addressLine, { width });
  const place = [buyer.postalCode, buyer.city].filter(Boolean).join(" ");
  writeText(doc, place ? `${place}, ${buyer.country}` : buyer.country, { width });
  if (buyer.vatNumber) setFont(doc).text(`VAT number ${buyer.vatNumber}`, { width });
  if (buyer.company || buyer.name) setFont(doc).text(buyer.email, { width });
  doc.moveDown(1.5);

  const amountX = left + width - 120;
  const rateX = amountX - 70;
  const row = (label: string, rate: string, amount: string, bold = false) => {
    const y = doc.y;
    setFont(doc, bold ? "bold" : "regular")
      .fontSize(bold ? 12 : 11)
      .fillColor(INK);
    writeText(doc, label, { x: left, y, width: rateX - left - 10, weight: bold ? "bold" : "regular" });
    const after = doc.y;
    doc.text(rate, rateX, y, { width: 60, align: "right" });
    doc.text(amount, amountX, y, { width: 120, align: "right" });
    doc.y = Math.max(after, doc.y) + 6;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor("#d4d4d8")
      .lineWidth(1)
      .stroke();
    doc.y += 8;
  };
  const rate = formatRate(data.vatRateBps);
  const headY = doc.y;
  setFont(doc).fontSize(9).fillColor(MUTED).text("DESCRIPTION", left, headY);
  doc.text("VAT", rateX, headY, { width: 60, align: "right" });
  doc.text("AMOUNT", amountX, headY, { width: 120, align: "right" });
  doc.y += 4;
  rule();
  row(
    `${data.line.description} · ${BILLING_LABELS[data.line.billing]}`,
    rate,
    signed(data.line.unitPriceCents),
  );
  if (data.discountCents > 0) {
    row(
      `Discount${data.promoCode ? ` (${data.promoCode})` : ""}`,
      rate,
      layout.sign < 0 ? money(data.discountCents) : `-${money(data.discountCents)}`,
    );
  }
  rule();
  row("Net amount", "", signed(data.line.unitPriceCents - data.discountCents));
  row(`${data.taxName ?? "VAT"} ${rate}`, "", signed(data.vatCents));
  rule();
  row(layout.sign < 0 ? "Total credited" : "Total", "", signed(data.totalCents), true);

  doc.moveDown(1.5).fontSize(10).fillColor(INK);
  const exchange = exchangeLine(data, data.currency, data.exchange, data.locale);
  if (exchange)
    setFont(doc).fillColor(MUTED).text(exchange, left, doc.y, { width }).fillColor(INK).moveDown(0.5);
  if (data.taxNote) setFont(doc, "bold").text(data.taxNote, left, doc.y, { width });
  doc.moveDown(0.5);
  if (layout.payment) drawPayment(doc, layout.payment, left, width);
  if (layout.notice) {
    setFont(doc, "bold").fontSize(10).fillColor(INK).text(layout.notice, left, doc.y, { width });
    doc.moveDown(0.3);
  }
  setFont(doc).fontSize(10).fillColor(MUTED).text(layout.closing, left, doc.y, { width });
}

/** The bank transfer's rows as a two-column block, under its heading. */
function drawPayment(
  doc: PDFKit.PDFDocument,
  rows: { label: string; value: string }[],
  left: number,
  width: number,
) {
  setFont(doc)
    .fontSize(9)
    .fillColor(MUTED)
    .text("PAY BY BANK TRANSFER", left, doc.y, { characterSpacing: 0.5 });
  doc.moveDown(0.3);
  for (const { label, value } of rows) {
    const y = doc.y;
    setFont(doc).fontSize(10).fillColor(MUTED).text(label, left, y, { width: 120 });
    doc.fillColor(INK);
    writeText(doc, value, { x: left + 130, y, width: width - 130, weight: "bold" });
    doc.y += 2;
  }
  doc.moveDown(1);
}
