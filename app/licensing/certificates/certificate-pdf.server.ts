import QRCode from "qrcode";
import type { License } from "~/catalog/clips/attributes";
import { shortOrderId } from "~/commerce/orders/order-id";
import type { I18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { BRAND, header, INK, MUTED, render } from "~/platform/pdf/document.server";
import { setFont, writeText } from "~/platform/pdf/fonts.server";
import { LICENSE_NAME_KEYS, LICENSE_TERM_KEYS, type LICENSE_TERMS } from "../license-terms";
import { formatDate } from "../messages";

/** The certificate's own words, the licensing pages' license names and the licensing page's terms. */
const NAMESPACES = ["licensing-pdf", "licensing", "legal"];

/** Marks where the address goes in the "verify" sentence, so it can be drawn as a link. */
const URL_MARK = "\u{E000}";

/** The license certificate's terms in `language`, as its reader gets them (tests read them back). */
export function certificateTerms(kind: License, language: Locale = DEFAULT_LOCALE) {
  const { t } = translator(language, NAMESPACES);
  return {
    name: t(LICENSE_NAME_KEYS[kind]),
    allowed: LICENSE_TERM_KEYS[kind].allowed.map((key) => t(key)),
    notAllowed: LICENSE_TERM_KEYS[kind].notAllowed.map((key) => t(key)),
  };
}

function field(doc: PDFKit.PDFDocument, i18n: I18n, label: string, value: string) {
  setFont(doc).fontSize(9).fillColor(MUTED);
  writeText(doc, label.toLocaleUpperCase(i18n.tag), { characterSpacing: 0.5 });
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

/**
 * The license certificate: who may use which clip how, with a link and QR code to verify it, in
 * `language` (the reader's). A translated certificate says that the English terms are binding, as
 * the licensing pages do.
 */
export async function renderCertificate(
  data: CertificateData,
  language: Locale = DEFAULT_LOCALE,
): Promise<Buffer> {
  const qr = await QRCode.toBuffer(data.verificationUrl, { type: "png", margin: 1, width: 240 });
  const i18n = translator(language, NAMESPACES);
  const { t } = i18n;
  const terms = certificateTerms(data.licenseKind, language);
  const clip = data.clipId
    ? t("licensing-pdf.clipWithNumber", { title: data.clipTitle, number: String(data.clipId) })
    : data.clipTitle;
  return render(
    (doc) => {
      header(doc, t("licensing-pdf.title"));
      const top = doc.y;
      doc.image(qr, doc.page.width - doc.page.margins.right - 110, top, { width: 110 });
      const columnWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right - 130;
      doc.text("", doc.page.margins.left, top, { width: columnWidth });
      field(doc, i18n, t("licensing-pdf.licenseId"), data.licenseId);
      field(doc, i18n, t("licensing-pdf.licensee"), data.licenseeName);
      field(doc, i18n, t("licensing-pdf.email"), data.licenseeEmail);
      field(doc, i18n, t("licensing-pdf.clip"), clip);
      field(doc, i18n, t("licensing-pdf.creator"), data.creatorName);
      field(doc, i18n, t("licensing-pdf.license"), terms.name);
      field(doc, i18n, t("licensing-pdf.date"), formatDate(data.licensedAt, i18n.tag));
      field(doc, i18n, t("licensing-pdf.order"), shortOrderId(data.orderId));
      doc.x = doc.page.margins.left;
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

      doc.moveDown(0.5).fontSize(12).fillColor(BRAND);
      writeText(doc, t("legal.licensing.card.youCan"), { width, weight: "bold" });
      setFont(doc).fontSize(11).fillColor(INK);
      for (const item of terms.allowed) writeText(doc, `•  ${item}`, { width, indent: 6 });
      doc.moveDown(0.6).fontSize(12).fillColor("#b91c1c");
      writeText(doc, t("legal.licensing.card.youCant"), { width, weight: "bold" });
      setFont(doc).fontSize(11).fillColor(INK);
      for (const item of terms.notAllowed) writeText(doc, `•  ${item}`, { width, indent: 6 });

      doc.moveDown(1.2).fontSize(10).fillColor(MUTED);
      writeText(doc, t("licensing-pdf.scope"), { width });
      if (language !== DEFAULT_LOCALE) {
        doc.moveDown(0.4);
        writeText(doc, t("licensing.terms.binding"), { width });
      }
      // The sentence around the address in the document's word order; the address is a link.
      const [before = "", after = ""] = t("licensing-pdf.verify", { url: URL_MARK }).split(URL_MARK);
      doc.moveDown(0.8).fillColor(INK);
      writeText(doc, before, { continued: true, width });
      doc.fillColor(BRAND).text(data.verificationUrl, {
        link: data.verificationUrl,
        underline: true,
        continued: after !== "",
      });
      if (after) {
        doc.fillColor(INK);
        writeText(doc, after, { link: null, underline: false });
      }
    },
    { Title: t("licensing-pdf.metaTitle", { id: data.licenseId }), Subject: data.clipTitle },
  );
}
