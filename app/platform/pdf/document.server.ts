import PDFDocument from "pdfkit";
import { PRODUCT_NAME } from "~/constants";
import { registerFonts, setFont, writeText } from "./fonts.server";

export const BRAND = "#15803d";
export const MUTED = "#52525b";
export const INK = "#18181b";

/**
 * Collects a pdfkit document into one buffer (certificates, invoices and statements are a page or
 * a few). Text goes through fonts.server.ts, which embeds the Noto font of each script a document
 * uses, so names in any script print.
 */
export function render(build: (doc: PDFKit.PDFDocument) => void | Promise<void>, info: PDFKit.DocumentInfo) {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Author: PRODUCT_NAME, ...info } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    registerFonts(doc);
    Promise.resolve(build(doc)).then(
      () => doc.end(),
      (error) => reject(error),
    );
  });
}

/**
 * The product's name and the document's title over a brand-coloured rule; the title in the fonts of
 * its scripts (a Japanese title prints in the font that has its glyphs).
 */
export function header(doc: PDFKit.PDFDocument, title: string) {
  setFont(doc, "bold").fillColor(BRAND).fontSize(22).text(PRODUCT_NAME, { continued: false });
  doc.moveDown(0.2).fillColor(INK).fontSize(18);
  writeText(doc, title, { weight: "bold" });
  doc
    .moveTo(doc.page.margins.left, doc.y + 8)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 8)
    .strokeColor(BRAND)
    .lineWidth(2)
    .stroke();
  doc.moveDown(1.2);
}
