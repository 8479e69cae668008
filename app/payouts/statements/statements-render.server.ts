import { formatMoney } from "~/payments/money";
import type { I18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { BRAND, header, INK, MUTED, render } from "~/platform/pdf/document.server";
import { setFont, writeText } from "~/platform/pdf/fonts.server";
import { type CsvCell, csvDocument } from "~/platform/text/csv";
import type { RoyaltyLine } from "../ledger/ledger.queries.server";
import type { Payout } from "../runs/payout-runs.queries.server";
import type { PayoutMethod } from "../runs/payouts";
import { LINE_KIND_LABELS, periodLabel } from "./statements";
import type { PayoutStatement } from "./statements.queries.server";

/*
 * A statement as PDF and CSV, both from the same rows: the opening balance, each line the ledger
 * added since the previous statement (licenses earned, reversals, restorations), the payout and
 * the closing balance. The PDF is written in its reader's language (payouts-pdf.json, with the
 * earnings page's column names from payouts.json); the CSV stays English: its header and types are
 * read by spreadsheets and scripts. Clip titles and plan names are printed as the ledger keeps them.
 */

/** Everything a statement file shows: its figures, the lines it covers and the payout. */
export interface StatementDocument {
  statement: PayoutStatement;
  creatorName: string;
  lines: RoyaltyLine[];
  payout: Payout | null;
}

const SHORT_KIND_KEYS = {
  reversal: "payouts-pdf.kind.reversal",
  restoration: "payouts-pdf.kind.restoration",
} as const;

const METHOD_LABELS: Record<PayoutMethod, string> = {
  stripe: "Stripe",
  bank: "bank transfer",
};

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
/** A day as a statement writes it: "3 Dec 2026", "3. Dez. 2026", "2026年12月3日". */
function shortDate(tag: string, date: Date) {
  let formatter = dateFormatters.get(tag);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag === "en" ? "en-GB" : tag, {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormatters.set(tag, formatter);
  }
  return formatter.format(date);
}

/** Money in a document's language: English keeps the site's default format ("€4.45"). */
export function moneyIn(i18n: I18n, cents: number) {
  return i18n.locale === DEFAULT_LOCALE ? formatMoney(cents) : formatMoney(cents, i18n.tag);
}

/** The PDF's payout line: "Payout by bank transfer" in its language. */
function payoutName(i18n: I18n, document: StatementDocument) {
  return i18n.t("payouts-pdf.payout", { method: document.payout?.method ?? "none" });
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
// Cents as a number of euros (a number, so a spreadsheet adds it up and a minus is no formula):
// an integer divided by 100 prints as its exact two-decimal value, or shorter ("10" for 1000).
const euros = (cents: number) => cents / 100;
// Taken off the balance, shown with a minus; never "-€0.00".
const minus = (cents: number) => (cents === 0 ? 0 : -cents);

/** The CSV's payout type, in English like the rest of the CSV. */
function payoutLabel(document: StatementDocument) {
  const method = document.payout ? METHOD_LABELS[document.payout.method] : null;
  return method ? `Payout by ${method}` : "Payout";
}

function payoutDate(document: StatementDocument) {
  return document.payout?.sentAt ?? document.statement.createdAt;
}

export function statementCsv(document: StatementDocument): string {
  const { statement } = document;
  const rows: CsvCell[][] = [];
  rows.push([
    isoDate(statement.createdAt),
    "Opening balance",
    null,
    null,
    null,
    euros(statement.openingCents),
  ]);
  for (const line of document.lines) {
    rows.push([
      isoDate(line.createdAt),
      LINE_KIND_LABELS[line.kind],
      line.clipTitle,
      line.planName,
      line.licenseId,
      euros(line.amountCents),
    ]);
  }
  rows.push([
    isoDate(payoutDate(document)),
    payoutLabel(document),
    null,
    null,
    null,
    euros(minus(statement.paidCents)),
  ]);
  rows.push([
    isoDate(statement.createdAt),
    "Closing balance",
    null,
    null,
    null,
    euros(statement.closingCents),
  ]);
  return csvDocument(["date", "type", "clip", "plan", "license", "amount_eur"], rows);
}

/** The statement as PDF, in `language` (the reader's; English by default). */
export function renderStatement(
  document: StatementDocument,
  language: Locale = DEFAULT_LOCALE,
): Promise<Buffer> {
  const i18n = translator(language, ["payouts-pdf", "payouts"]);
  const { t } = i18n;
  const { statement } = document;
  const label = periodLabel(statement.period, i18n.tag);
  const money = (cents: number) => moneyIn(i18n, cents);
  const day = (date: Date) => shortDate(i18n.tag, date);
  const payout = payoutName(i18n, document);
  const title = t("payouts-pdf.title", { month: label });
  return render(
    (doc) => {
      header(doc, title);
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      const bottom = () => doc.page.height - doc.page.margins.bottom;

      doc.fontSize(11).fillColor(INK);
      writeText(doc, document.creatorName, { x: left, y: doc.y, width, weight: "bold" });
      setFont(doc).fontSize(10).fillColor(MUTED);
      writeText(doc, t("payouts-pdf.issued", { date: day(statement.createdAt) }), { width });
      doc.moveDown(1);

      // The summary: where the balance started, what changed, where it ended.
      const summary: [string, number, boolean][] = [
        [t("payouts-pdf.openingBalance"), statement.openingCents, false],
        [t("payouts-pdf.licensesEarned"), statement.earnedCents, false],
        [t("payouts-pdf.reversed"), minus(statement.reversedCents), false],
        [payout, minus(statement.paidCents), false],
        [t("payouts-pdf.closingBalance"), statement.closingCents, true],
      ];
      for (const [name, cents, strong] of summary) {
        const y = doc.y;
        const weight = strong ? "bold" : "regular";
        setFont(doc, weight)
          .fontSize(11)
          .fillColor(strong ? BRAND : INK);
        writeText(doc, name, { x: left, y, width: width - 120, weight });
        doc.text(money(cents), left + width - 120, y, { width: 120, align: "right" });
        doc.moveDown(0.3);
      }
      doc.moveDown(1);

      const columns = [
        { title: t("payouts.ledger.date"), width: 80 },
        { title: t("payouts.ledger.clip"), width: width - 80 - 150 - 80 },
        { title: t("payouts.ledger.plan"), width: 150 },
        { title: t("payouts.ledger.amount"), width: 80, align: "right" as const },
      ];
      const row = (cells: string[], options: { bold?: boolean; color?: string } = {}) => {
        doc.fontSize(options.bold ? 9 : 10);
        setFont(doc, options.bold ? "bold" : "regular");
        const heights = cells.map((cell, index) =>
          doc.heightOfString(cell, { width: columns[index]!.width - 6 }),
        );
        const height = Math.max(...heights, 12);
        if (doc.y + height > bottom()) doc.addPage();
        const y = doc.y;
        let x = left;
        cells.forEach((cell, index) => {
          const column = columns[index]!;
          doc.fillColor(options.color ?? INK);
          writeText(doc, cell, {
            x,
            y,
            width: column.width - 6,
            align: column.align,
            weight: options.bold ? "bold" : "regular",
          });
          x += column.width;
        });
        doc.x = left;
        doc.y = y + height + 5;
      };
      const heading = (text: string) => {
        doc.fontSize(12).fillColor(BRAND);
        writeText(doc, text, { x: left, y: doc.y, width, weight: "bold" });
      };
      const section = (title: string, lines: RoyaltyLine[]) => {
        if (doc.y + 60 > bottom()) doc.addPage();
        heading(title);
        doc.moveDown(0.3);
        if (lines.length === 0) {
          setFont(doc).fontSize(10).fillColor(MUTED);
          writeText(doc, t("payouts-pdf.none"), { x: left, y: doc.y, width });
          doc.moveDown(1);
          return;
        }
        row(
          columns.map((column) => column.title.toLocaleUpperCase(i18n.tag)),
          { bold: true, color: MUTED },
        );
        for (const line of lines) {
          row([
            day(line.createdAt),
            line.clipTitle,
            line.kind === "royalty" ? line.planName : `${t(SHORT_KIND_KEYS[line.kind])} · ${line.planName}`,
            money(line.amountCents),
          ]);
        }
        doc.moveDown(0.8);
      };
      section(
        t("payouts-pdf.licensesEarned"),
        document.lines.filter((line) => line.kind === "royalty"),
      );
      section(
        t("payouts-pdf.reversals"),
        document.lines.filter((line) => line.kind !== "royalty"),
      );

      if (doc.y + 60 > bottom()) doc.addPage();
      heading(t("payouts-pdf.payoutHeading"));
      doc.moveDown(0.3);
      row([day(payoutDate(document)), payout, "", money(minus(statement.paidCents))]);
      doc.moveDown(0.5);
      setFont(doc, "bold").fontSize(11).fillColor(INK);
      const y = doc.y;
      writeText(doc, t("payouts-pdf.closingBalance"), { x: left, y, width: width - 120, weight: "bold" });
      doc.text(money(statement.closingCents), left + width - 120, y, { width: 120, align: "right" });
      doc.moveDown(1.5);
      setFont(doc).fontSize(9).fillColor(MUTED);
      writeText(doc, t("payouts-pdf.note"), { x: left, y: doc.y, width });
    },
    { Title: t("payouts-pdf.metaTitle", { period: statement.period }), Subject: title },
  );
}
