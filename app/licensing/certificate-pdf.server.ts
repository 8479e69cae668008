import QRCode from "qrcode";
import { shortOrderId } from "~/commerce/orders/order-id";
import { PRODUCT_NAME } from "~/constants";
import { BRAND, header, INK, MUTED, render } from "~/platform/pdf/document.server";
import { setFont, writeText } from "~/platform/pdf/fonts.server";
import { LICENSE_TERMS } from "./license-terms";
import { formatDate } from "./messages";

function field(doc: PDFKit.PDFDocument, label: string, value: string) {
  setFont(doc).fontSize(9).fillColor(MUTED).text(label.toUpperCase(), { characterSpacing: 0.5 });
  doc.fontSize(12).fillColor(INK);
  writeText(doc, value, { weight: "bold" });
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

      setFont(doc.moveDown(0.5), "bold").fontSize(12).fillColor(BRAND).text("You can", { width });
      setFont(doc).fontSize(11).fillColor(INK);
      for (const item of terms.allowed) doc.text(`•  ${item}`, { width, indent: 6 });
      setFont(doc.moveDown(0.6), "bold").fontSize(12).fillColor("#b91c1c").text("You can't", { width });
      setFont(doc).fontSize(11).fillColor(INK);
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
