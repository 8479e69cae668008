import { PRODUCT_NAME } from "~/constants";
import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import type { I18n } from "~/platform/i18n/i18n";
import type { Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { header, INK, MUTED, render } from "~/platform/pdf/document.server";
import { setFont, writeText } from "~/platform/pdf/fonts.server";
import { formatDate } from "~/platform/text/dates";
import { rateIn } from "../locale-format";
import { shortOrderId } from "../orders/order-id";
import { BILLING_LABEL_KEYS } from "../pricing/plan-labels";
import type { Billing } from "../pricing/plans";
import { type DocumentExchange, exchangeFacts } from "./exchange-line";

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
  line: { description: string; billing: Billing; unitPriceCents: number };
  promoCode: string | null;
  discountCents: number;
  vatRateBps: number;
  vatCents: number;
  totalCents: number;
  /** The reverse-charge or export note when no VAT is charged. */
  taxNote: string | null;
  /** The tax line's name: VAT, or a foreign consumer tax ("GST + QST (Québec)"). */
  taxName?: string;
  /** The buyer's locale: an English document formats its amounts for it. */
  locale: string;
  /**
   * The document's language (its reader's, decided where it is served): its words, and, other than
   * English, its amounts, dates and rates. English when absent. The texts in this data (the line's
   * description, the tax note and name, the buyer's country) are already in it (billingDocumentOf).
   */
  language?: Locale;
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

/** The catalogues a billing document is written from: its own and the pages' commerce terms. */
const DOCUMENT_NAMESPACES = ["commerce-pdf", "commerce"] as const;

/** The translator of a billing document in `language` (English by default). */
export const documentI18n = (language: Locale = "en"): I18n => translator(language, DOCUMENT_NAMESPACES);

/** A document's words and figures in its language. */
interface Words {
  i18n: I18n;
  t: I18n["t"];
  money: (cents: number) => string;
  date: (value: Date) => string;
}

/**
 * An amount as a document prints it: English documents keep formatting for the buyer's locale, as
 * they always did. Japanese formats the yen with the fullwidth sign (￥), which only the CJK font
 * has: a cell of amounts is one run of the Latin font, so it takes the yen sign (¥) that font has
 * (a minus before a CJK run would be set after it in a right-aligned cell).
 */
const documentMoney = (cents: number, locale: string, currency: Currency) =>
  formatMoney(cents, locale, currency).replace(/\uffe5/g, "\u00a5");

function wordsOf(data: BillingDocumentData): Words {
  const i18n = documentI18n(data.language);
  const { tag } = i18n;
  return {
    i18n,
    t: i18n.t,
    money: (cents) => documentMoney(cents, tag === "en" ? data.locale : tag, data.currency),
    date: (value) => formatDate(value, tag),
  };
}

export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const words = wordsOf(data);
  const { t } = words;
  const number = formatInvoiceNumber(data.number, data.issuedAt);
  return render(
    (doc) =>
      drawDocument(doc, data, words, {
        title: t("commerce-pdf.invoice.title"),
        facts: [
          [t("commerce-pdf.fact.invoiceNumber"), number],
          [t("commerce-pdf.fact.issued"), words.date(data.issuedAt)],
          [t("commerce-pdf.fact.order"), shortOrderId(data.orderId)],
        ],
        sign: 1,
        closing:
          data.status === "refunded" ? t("commerce-pdf.invoice.refunded") : t("commerce-pdf.invoice.paid"),
      }),
    { Title: t("commerce-pdf.invoice.metaTitle", { product: PRODUCT_NAME, number }) },
  );
}

/** A part refund's line on its credit note, in the note's language ("Part refund: Creator plan, …"). */
export function partRefundDescription(description: string, language?: Locale): string {
  return documentI18n(language).t("commerce-pdf.creditNote.partRefundLine", { description });
}

export function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  const words = wordsOf(data);
  const { t } = words;
  const number = formatCreditNoteNumber(data.number, data.issuedAt);
  const invoice = formatInvoiceNumber(data.invoiceNumber, data.invoiceIssuedAt);
  return render(
    (doc) =>
      drawDocument(doc, data, words, {
        title: t("commerce-pdf.creditNote.title"),
        facts: [
          [t("commerce-pdf.fact.creditNoteNumber"), number],
          [t("commerce-pdf.fact.issued"), words.date(data.issuedAt)],
          [t("commerce-pdf.fact.correctsInvoice"), invoice],
          [t("commerce-pdf.fact.order"), shortOrderId(data.orderId)],
        ],
        sign: -1,
        closing: [
          data.inFull
            ? t("commerce-pdf.creditNote.inFull", { invoice })
            : t("commerce-pdf.creditNote.part", { invoice, amount: words.money(data.totalCents) }),
          data.reason ? t("commerce-pdf.creditNote.reason", { reason: data.reason }) : "",
        ]
          .filter(Boolean)
          .join("\n"),
      }),
    { Title: t("commerce-pdf.creditNote.metaTitle", { product: PRODUCT_NAME, number }) },
  );
}

/** The words a pro-forma carries so that no one books it as a tax invoice (in English). */
export const PRO_FORMA_NOTICE = documentI18n().t("commerce-pdf.proForma.notice");

/**
 * The order's figures before payment, for buyers paying by bank transfer: no invoice number (those
 * are gap-free and only for paid orders), the transfer's details and the day it is payable by.
 */
export function renderProForma(data: ProFormaData): Promise<Buffer> {
  const words = wordsOf(data);
  const { t } = words;
  const order = shortOrderId(data.orderId);
  const facts: [string, string][] = [
    [t("commerce-pdf.fact.order"), order],
    [t("commerce-pdf.fact.issued"), words.date(data.issuedAt)],
  ];
  if (data.payableBy) facts.push([t("commerce-pdf.fact.payableBy"), words.date(data.payableBy)]);
  return render(
    (doc) =>
      drawDocument(doc, data, words, {
        title: t("commerce-pdf.proForma.title"),
        facts,
        sign: 1,
        payment: data.payment,
        notice: t("commerce-pdf.proForma.notice"),
        closing: sentences(words.i18n, [
          t("commerce-pdf.proForma.quoteReference"),
          data.payableBy
            ? t("commerce-pdf.proForma.cancelledAfter", { date: words.date(data.payableBy) })
            : "",
        ]),
      }),
    { Title: t("commerce-pdf.proForma.metaTitle", { product: PRODUCT_NAME, order }) },
  );
}

/** Sentences of one paragraph: Japanese sets them without a space between. */
export const sentences = (i18n: I18n, parts: string[]) =>
  parts.filter(Boolean).join(i18n.locale === "ja" ? "" : " ");

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

/** Every text that can be in the document's language goes through writeText (its script's font). */
function drawDocument(doc: PDFKit.PDFDocument, data: BillingDocumentData, words: Words, layout: Layout) {
  const { t, money } = words;
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
  writeText(doc, t("commerce-pdf.seller.vatId", { vatId: data.seller.vatId }), { width: half });
  doc.text(data.seller.email, { width: half });
  const sellerBottom = doc.y;

  const right = left + half + 20;
  layout.facts.forEach(([label, value], index) => {
    setFont(doc).fontSize(10).fillColor(MUTED);
    writeText(doc, label, index === 0 ? { x: right, y: top } : { x: right });
    doc.fillColor(INK);
    writeText(doc, value, { x: right, weight: "bold" });
  });
  doc.y = Math.max(sellerBottom, doc.y) + 24;

  setFont(doc).fontSize(9).fillColor(MUTED);
  writeText(doc, t("commerce-pdf.billedTo"), { x: left, y: doc.y, characterSpacing: 0.5 });
  const buyer = data.buyer;
  doc.fontSize(11).fillColor(INK);
  writeText(doc, buyer.company || buyer.name || buyer.email, { width, weight: "bold" });
  doc.fontSize(10).fillColor(MUTED);
  if (buyer.company && buyer.name) writeText(doc, buyer.name, { width });
  if (buyer.addressLine) writeText(doc, buyer.addressLine, { width });
  const place = [buyer.postalCode, buyer.city].filter(Boolean).join(" ");
  writeText(doc, place ? `${place}, ${buyer.country}` : buyer.country, { width });
  if (buyer.vatNumber)
    writeText(doc, t("commerce-pdf.buyer.vatNumber", { vatNumber: buyer.vatNumber }), { width });
  if (buyer.company || buyer.name) setFont(doc).text(buyer.email, { width });
  doc.moveDown(1.5);

  const amountX = left + width - 120;
  const rateX = amountX - 70;
  const row = (label: string, rate: string, amount: string, bold = false) => {
    const y = doc.y;
    const weight = bold ? "bold" : "regular";
    setFont(doc, weight)
      .fontSize(bold ? 12 : 11)
      .fillColor(INK);
    writeText(doc, label, { x: left, y, width: rateX - left - 10, weight });
    const after = doc.y;
    writeText(doc, rate, { x: rateX, y, width: 60, align: "right", weight });
    writeText(doc, amount, { x: amountX, y, width: 120, align: "right", weight });
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
  const rate = rateIn(words.i18n.tag, data.vatRateBps);
  const headY = doc.y;
  setFont(doc).fontSize(9).fillColor(MUTED);
  writeText(doc, t("commerce-pdf.column.description"), { x: left, y: headY });
  writeText(doc, t("commerce-pdf.column.vat"), { x: rateX, y: headY, width: 60, align: "right" });
  writeText(doc, t("commerce-pdf.column.amount"), { x: amountX, y: headY, width: 120, align: "right" });
  doc.y += 4;
  rule();
  row(
    `${data.line.description} · ${t(BILLING_LABEL_KEYS[data.line.billing])}`,
    rate,
    signed(data.line.unitPriceCents),
  );
  if (data.discountCents > 0) {
    row(
      data.promoCode ? t("commerce-pdf.discountCode", { code: data.promoCode }) : t("commerce-pdf.discount"),
      rate,
      layout.sign < 0 ? money(data.discountCents) : `-${money(data.discountCents)}`,
    );
  }
  rule();
  row(t("commerce-pdf.netAmount"), "", signed(data.line.unitPriceCents - data.discountCents));
  row(
    t("commerce-pdf.taxRate", { tax: data.taxName ?? t("commerce-pdf.tax.vat"), rate }),
    "",
    signed(data.vatCents),
  );
  rule();
  row(
    layout.sign < 0 ? t("commerce-pdf.totalCredited") : t("commerce-pdf.total"),
    "",
    signed(data.totalCents),
    true,
  );

  doc.moveDown(1.5).fontSize(10).fillColor(INK);
  const exchange = exchangeSentence(data, words);
  if (exchange) {
    setFont(doc).fillColor(MUTED);
    writeText(doc, exchange, { x: left, y: doc.y, width });
    doc.fillColor(INK).moveDown(0.5);
  }
  if (data.taxNote) writeText(doc, data.taxNote, { x: left, y: doc.y, width, weight: "bold" });
  doc.moveDown(0.5);
  if (layout.payment) drawPayment(doc, t("commerce-pdf.payByTransfer"), layout.payment, left, width);
  if (layout.notice) {
    doc.fontSize(10).fillColor(INK);
    writeText(doc, layout.notice, { x: left, y: doc.y, width, weight: "bold" });
    doc.moveDown(0.3);
  }
  setFont(doc).fontSize(10).fillColor(MUTED);
  writeText(doc, layout.closing, { x: left, y: doc.y, width });
}

/**
 * A non-euro document's sentence under its totals (exchange-line.ts): the stored rate, its source
 * and day, and the VAT and total in euros, worded and formatted in the document's language.
 */
function exchangeSentence(data: BillingDocumentData, words: Words): string | null {
  const tag = words.i18n.tag;
  const facts = exchangeFacts(data, data.currency, data.exchange, tag === "en" ? data.locale : tag);
  if (!facts) return null;
  return facts.origin
    ? words.t("commerce-pdf.exchangeWithOrigin", facts)
    : words.t("commerce-pdf.exchange", facts);
}

/** The bank transfer's rows as a two-column block, under its heading. */
function drawPayment(
  doc: PDFKit.PDFDocument,
  heading: string,
  rows: { label: string; value: string }[],
  left: number,
  width: number,
) {
  setFont(doc).fontSize(9).fillColor(MUTED);
  writeText(doc, heading, { x: left, y: doc.y, characterSpacing: 0.5 });
  doc.moveDown(0.3);
  for (const { label, value } of rows) {
    const y = doc.y;
    setFont(doc).fontSize(10).fillColor(MUTED);
    writeText(doc, label, { x: left, y, width: 120 });
    doc.fillColor(INK);
    writeText(doc, value, { x: left + 130, y, width: width - 130, weight: "bold" });
    doc.y += 2;
  }
  doc.moveDown(1);
}
