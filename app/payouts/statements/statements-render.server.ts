import { PRODUCT_NAME } from "~/constants";
import { formatMoney } from "~/payments/money";
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
 * the closing balance.
 */

/** Everything a statement file shows: its figures, the lines it covers and the payout. */
export interface StatementDocument {
  statement: PayoutStatement;
  creatorName: string;
  lines: RoyaltyLine[];
  payout: Payout | null;
}

const SHORT_KIND = { reversal: "Reversed", restoration: "Restored" } as const;

const METHOD_LABELS: Record<PayoutMethod, string> = {
  stripe: "Stripe",
  bank: "bank transfer",
};

const dateFormatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
// Cents as a number of euros (a number, so a spreadsheet adds it up and a minus is no formula):
// an integer divided by 100 prints as its exact two-decimal value, or shorter ("10" for 1000).
const euros = (cents: number) => cents / 100;
// Taken off the balance, shown with a minus; never "-€0.00".
const minus = (cents: number) => (cents === 0 ? 0 : -cents);

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

export function renderStatement(document: StatementDocument): Promise<Buffer> {
  const { statement } = document;
  const label = periodLabel(statement.period);
  return render(
    (doc) => {
      header(doc, `Statement for ${label}`);
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      const bottom = () => doc.page.height - doc.page.margins.bottom;

      doc.fontSize(11).fillColor(INK);
      writeText(doc, document.creatorName, { x: left, y: doc.y, width, weight: "bold" });
      setFont(doc).fontSize(10).fillColor(MUTED);
      doc.text(`Issued ${dateFormatter.format(statement.createdAt)} · amounts in euros`, { width });
      doc.moveDown(1);

      // The summary: where the balance started, what changed, where it ended.
      const summary: [string, number, boolean][] = [
        ["Opening balance", statement.openingCents, false],
        ["Licenses earned", statement.earnedCents, false],
        ["Reversed", minus(statement.reversedCents), false],
        [payoutLabel(document), minus(statement.paidCents), false],
        ["Closing balance", statement.closingCents, true],
      ];
      for (const [name, cents, strong] of summary) {
        const y = doc.y;
        setFont(doc, strong ? "bold" : "regular")
          .fontSize(11)
          .fillColor(strong ? BRAND : INK);
        doc.text(name, left, y, { width: width - 120 });
        doc.text(formatMoney(cents), left + width - 120, y, { width: 120, align: "right" });
        doc.moveDown(0.3);
      }
      doc.moveDown(1);

      const columns = [
        { title: "Date", width: 80 },
        { title: "Clip", width: width - 80 - 150 - 80 },
        { title: "Plan", width: 150 },
        { title: "Amount", width: 80, align: "right" as const },
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
      const section = (title: string, lines: RoyaltyLine[]) => {
        if (doc.y + 60 > bottom()) doc.addPage();
        setFont(doc, "bold").fontSize(12).fillColor(BRAND).text(title, left, doc.y, { width });
        doc.moveDown(0.3);
        if (lines.length === 0) {
          setFont(doc).fontSize(10).fillColor(MUTED).text("None in this period.", left, doc.y, { width });
          doc.moveDown(1);
          return;
        }
        row(
          columns.map((column) => column.title.toUpperCase()),
          { bold: true, color: MUTED },
        );
        for (const line of lines) {
          row([
            dateFormatter.format(line.createdAt),
            line.clipTitle,
            line.kind === "royalty" ? line.planName : `${SHORT_KIND[line.kind]} · ${line.planName}`,
            formatMoney(line.amountCents),
          ]);
        }
        doc.moveDown(0.8);
      };
      section(
        "Licenses earned",
        document.lines.filter((line) => line.kind === "royalty"),
      );
      section(
        "Reversals and restorations",
        document.lines.filter((line) => line.kind !== "royalty"),
      );

      if (doc.y + 60 > bottom()) doc.addPage();
      setFont(doc, "bold").fontSize(12).fillColor(BRAND).text("Payout", left, doc.y, { width });
      doc.moveDown(0.3);
      row([
        dateFormatter.format(payoutDate(document)),
        payoutLabel(document),
        "",
        formatMoney(minus(statement.paidCents)),
      ]);
      doc.moveDown(0.5);
      setFont(doc, "bold").fontSize(11).fillColor(INK);
      const y = doc.y;
      doc.text("Closing balance", left, y, { width: width - 120 });
      doc.text(formatMoney(statement.closingCents), left + width - 120, y, { width: 120, align: "right" });
      doc.moveDown(1.5);
      setFont(doc).fontSize(9).fillColor(MUTED);
      doc.text(
        `A license's royalty is pending for the refund window, then available and paid with the next monthly payout. A refund or dispute reverses it; a negative balance is taken from the next payout. The closing balance is what ${PRODUCT_NAME} holds for you after this payout.`,
        left,
        doc.y,
        { width },
      );
    },
    { Title: `${PRODUCT_NAME} statement ${statement.period}`, Subject: `Statement for ${label}` },
  );
}
