import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatMoney, formatRate } from "~/commerce/money";
import { shortOrderId } from "~/commerce/order-id";
import { BILLING_LABELS } from "~/commerce/plans";
import { PRODUCT_NAME } from "~/constants";
import { LICENSE_TERMS } from "./license-terms";
import { formatDate } from "./messages";

const BRAND = "#15803d";
const MUTED = "#52525b";
const INK = "#18181b";

/** Collects a pdfkit document into one buffer (certificates and invoices are a page or two). */
function render(build: (doc: PDFKit.PDFDocument) => void | Promise<void>, info: PDFKit.DocumentInfo) {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Author: PRODUCT_NAME, ...info } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    Promise.resolve(build(doc)).then(
      () => doc.end(),
      (error) => reject(error),
    );
  });
}

function header(doc: PDFKit.PDFDocument, title: string) {
  doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(22).text(PRODUCT_NAME, { continued: false });
  doc.moveDown(0.2).fillColor(INK).fontSize(18).text(title);
  doc
    .moveTo(doc.page.margins.left, doc.y + 8)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 8)
    .strokeColor(BRAND)
    .lineWidth(2)
    .stroke();
  doc.moveDown(1.2);
}

function field(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label.toUpperCase(), { characterSpacing: 0.5 });
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(value);
  doc.moveDown(0.5);
}

export interface CertificateData {
  licenseId: string;
  licenseeName: string;
  licenseeEmail: string;
  clipId: number | null;
  clipTitle: string;
  creatorName: string;
  licenseKind: keyof typeof LICENSE_TERMS;
  licensedAt: Date;
  orderId: string;
  verificationUrl: string;
}

/** The license certificate: who may use which clip how, with a link and QR code to verify it. */
export async function renderCertificate(data: CertificateData): Promise<Buffer> {
  const qr = await QRCode.toBuffer(data.verificationUrl, { type: "png", margin: 1, width: 240 });
  const terms = LICENSE_TERMS[data.licenseKind];
  return render(
    (doc) => {
      header(doc, "License Certificate");
      const top = doc.y;
      doc.image(qr, doc.page.width - doc.page.margins.right - 110, top, { width: 110 });
      const columnWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right - 130;
      doc.text("", doc.page.margins.left, top, { width: columnWidth });
      field(doc, "License ID", data.licenseId);
      field(doc, "Licensee", data.licenseeName);
      field(doc, "Email", data.licenseeEmail);
      field(doc, "Clip", `${data.clipTitle}${data.clipId ? ` (clip #${data.clipId})` : ""}`);
      field(doc, "Creator", data.creatorName);
      field(doc, "License", terms.name);
      field(doc, "Date", formatDate(data.licensedAt));
      field(doc, "Order", shortOrderId(data.orderId));
      doc.x = doc.page.margins.left;
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

      doc.moveDown(0.5).font("Helvetica-Bold").fontSize(12).fillColor(BRAND).text("You can", { width });
      doc.font("Helvetica").fontSize(11).fillColor(INK);
      for (const item of terms.allowed) doc.text(`•  ${item}`, { width, indent: 6 });
      doc.moveDown(0.6).font("Helvetica-Bold").fontSize(12).fillColor("#b91c1c").text("You can't", { width });
      doc.font("Helvetica").fontSize(11).fillColor(INK);
      for (const item of terms.notAllowed) doc.text(`•  ${item}`, { width, indent: 6 });

      doc.moveDown(1.2).fontSize(10).fillColor(MUTED);
      doc.text(
        `The license is non-exclusive, worldwide and personal to the licensee named above. The creator keeps the copyright. The full terms are on the ${PRODUCT_NAME} licensing page.`,
        { width },
      );
      doc.moveDown(0.8).fillColor(INK).text("Verify this license at ", { continued: true, width });
      doc.fillColor(BRAND).text(data.verificationUrl, { link: data.verificationUrl, underline: true });
    },
    { Title: `${PRODUCT_NAME} license ${data.licenseId}`, Subject: data.clipTitle },
  );
}

export interface InvoiceData {
  number: number;
  issuedAt: Date;
  seller: { name: string; address: string; vatId: string; email: string };
  buyer: { email: string; company: string | null; country: string };
  orderId: string;
  line: { description: string; billing: keyof typeof BILLING_LABELS; unitPriceCents: number };
  promoCode: string | null;
  discountCents: number;
  vatRateBps: number;
  vatCents: number;
  totalCents: number;
  status: string;
}

/** Invoice numbers are printed with the year they were issued in, e.g. INV-2026-000042. */
export function formatInvoiceNumber(number: number, issuedAt: Date) {
  return `INV-${issuedAt.getUTCFullYear()}-${String(number).padStart(6, "0")}`;
}

export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const invoiceNumber = formatInvoiceNumber(data.number, data.issuedAt);
  return render(
    (doc) => {
      header(doc, "Invoice");
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      const top = doc.y;
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(INK)
        .text(data.seller.name, left, top, { width: width / 2 });
      doc.font("Helvetica").fontSize(10).fillColor(MUTED);
      doc.text(data.seller.address, { width: width / 2 });
      doc.text(`VAT ID ${data.seller.vatId}`, { width: width / 2 });
      doc.text(data.seller.email, { width: width / 2 });
      const sellerBottom = doc.y;
      doc.font("Helvetica").fontSize(10).fillColor(MUTED);
      const right = left + width / 2 + 20;
      doc.text("Invoice number", right, top).font("Helvetica-Bold").fillColor(INK).text(invoiceNumber);
      doc.font("Helvetica").fillColor(MUTED).text("Date of issue").font("Helvetica-Bold").fillColor(INK);
      doc.text(formatDate(data.issuedAt));
      doc.font("Helvetica").fillColor(MUTED).text("Order").font("Helvetica-Bold").fillColor(INK);
      doc.text(shortOrderId(data.orderId));
      doc.y = Math.max(sellerBottom, doc.y) + 24;

      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text("BILLED TO", left, doc.y, { characterSpacing: 0.5 });
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(INK)
        .text(data.buyer.company || data.buyer.email);
      doc.font("Helvetica").fontSize(10).fillColor(MUTED);
      if (data.buyer.company) doc.text(data.buyer.email);
      doc.text(data.buyer.country);
      doc.moveDown(1.5);

      const amountX = left + width - 120;
      const row = (label: string, amount: string, bold = false) => {
        const y = doc.y;
        doc
          .font(bold ? "Helvetica-Bold" : "Helvetica")
          .fontSize(bold ? 12 : 11)
          .fillColor(INK);
        doc.text(label, left, y, { width: width - 130 });
        const after = doc.y;
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
      doc.font("Helvetica").fontSize(9).fillColor(MUTED).text("DESCRIPTION", left, doc.y);
      doc.moveUp().text("AMOUNT", amountX, doc.y, { width: 120, align: "right" });
      doc.y += 4;
      rule();
      row(
        `${data.line.description} · ${BILLING_LABELS[data.line.billing]}`,
        formatMoney(data.line.unitPriceCents),
      );
      if (data.discountCents > 0) {
        row(`Discount${data.promoCode ? ` (${data.promoCode})` : ""}`, `-${formatMoney(data.discountCents)}`);
      }
      rule();
      row("Net amount", formatMoney(data.line.unitPriceCents - data.discountCents));
      row(`VAT ${formatRate(data.vatRateBps)}`, formatMoney(data.vatCents));
      rule();
      row("Total", formatMoney(data.totalCents), true);

      doc.moveDown(2).font("Helvetica").fontSize(10).fillColor(MUTED);
      doc.text(
        data.status === "refunded"
          ? "This order was refunded."
          : "Paid. Thank you for licensing footage from independent creators.",
        left,
        doc.y,
        { width },
      );
    },
    { Title: `${PRODUCT_NAME} invoice ${invoiceNumber}` },
  );
}
