import { findProfile } from "~/accounts/profiles/profiles.server";
import { SUPPORT_EMAIL } from "~/constants";
import { formatMoney } from "~/payments/money";
import { config } from "~/platform/config.server";
import { db, type Executor } from "~/platform/db/client.server";
import type { I18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { logger } from "~/platform/logger.server";
import { type Mail, queueMail } from "~/platform/mail.server";
import type { Result } from "~/platform/result";
import { linesCreatedBetween, type RoyaltyLine } from "../ledger/ledger.queries.server";
import type { Payout } from "../runs/payout-runs.queries.server";
import {
  periodEnd,
  periodLabel,
  type StatementFormat,
  StatementPeriodSchema,
  statementPath,
} from "./statements";
import {
  findPayout,
  findPreviousStatement,
  findStatement,
  insertStatementOnce,
  listStatementsOf,
  type PayoutStatement,
} from "./statements.queries.server";
import { moneyIn, renderStatement, type StatementDocument, statementCsv } from "./statements-render.server";

/** A statement's figures in cents, as stored: closing = opening + earned − reversed − paid. */
export interface StatementFigures {
  openingCents: number;
  earnedCents: number;
  reversedCents: number;
  paidCents: number;
  closingCents: number;
}

/**
 * What a statement covers: the ledger lines created in its month, and in the months before it since
 * the creator's previous statement (a month under the threshold has no payout, so no statement, and
 * its lines go into the next one). The payout is the one sent for the month, dated when it went.
 */
export function figuresOf(lines: RoyaltyLine[], openingCents: number, paidCents: number): StatementFigures {
  let earnedCents = 0;
  let reversedCents = 0;
  for (const line of lines) {
    if (line.kind === "reversal") reversedCents -= line.amountCents;
    else earnedCents += line.amountCents;
  }
  return {
    openingCents,
    earnedCents,
    reversedCents,
    paidCents,
    closingCents: openingCents + earnedCents - reversedCents - paidCents,
  };
}

/**
 * The creator's statement for `period`, issued when their payout is sent (the runs call it in that
 * transaction): the figures are stored, the lines are read from the ledger whenever the PDF or CSV
 * is asked for, and the creator is mailed (queued in `tx`, so only if the payout's change commits).
 * The opening balance is the previous statement's closing one (0 for the first), so the closing
 * balance is what the creator had earned by the month's end less everything paid. Idempotent: a
 * creator has one statement per period, and a second call returns it without mailing again.
 */
export async function issueStatement(
  tx: Executor,
  input: { payout: Pick<Payout, "id" | "creatorId" | "amountCents">; period: string; at: Date },
): Promise<Result<{ statement: PayoutStatement; created: boolean }, "invalid_period">> {
  const { payout } = input;
  if (!StatementPeriodSchema.safeParse(input.period).success) return { ok: false, reason: "invalid_period" };
  const existing = await findStatement(tx, payout.creatorId, input.period);
  if (existing) return { ok: true, value: { statement: existing, created: false } };

  const previous = await findPreviousStatement(tx, payout.creatorId, input.period);
  const lines = await linesCreatedBetween(
    tx,
    payout.creatorId,
    previous ? periodEnd(previous.period) : null,
    periodEnd(input.period),
  );
  const figures = figuresOf(lines, previous?.closingCents ?? 0, payout.amountCents);
  const statement = await insertStatementOnce(tx, {
    creatorId: payout.creatorId,
    period: input.period,
    payoutId: payout.id,
    ...figures,
    createdAt: input.at,
  });
  if (!statement) {
    // Issued by a concurrent call meanwhile: that one mailed.
    const issued = await findStatement(tx, payout.creatorId, input.period);
    return { ok: true, value: { statement: issued!, created: false } };
  }
  await queueStatementMail(tx, statement);
  return { ok: true, value: { statement, created: true } };
}

/** The mail that tells a creator their statement is ready, in `i18n`'s language. */
function statementMail(i18n: I18n, to: string, statement: PayoutStatement): Mail {
  const base = config().PUBLIC_URL;
  const month = periodLabel(statement.period, i18n.tag);
  const money = (cents: number) => moneyIn(i18n, cents);
  return {
    to,
    subject: i18n.t("payouts-mail.subject", { month }),
    text: [
      i18n.t("payouts-mail.ready", { month }),
      "",
      i18n.t("payouts-mail.paid", { amount: money(statement.paidCents) }),
      i18n.t("payouts-mail.earned", {
        earned: money(statement.earnedCents),
        reversed: money(statement.reversedCents),
      }),
      i18n.t("payouts-mail.balance", { amount: money(statement.closingCents) }),
      "",
      i18n.t("payouts-mail.pdf", { url: `${base}${statementPath(statement.period, "pdf")}` }),
      i18n.t("payouts-mail.csv", { url: `${base}${statementPath(statement.period, "csv")}` }),
      i18n.t("payouts-mail.earnings", { url: `${base}${i18n.path("/studio/earnings")}` }),
      "",
      i18n.t("payouts-mail.questions", { email: SUPPORT_EMAIL }),
    ].join("\n"),
  };
}

async function queueStatementMail(tx: Executor, statement: PayoutStatement) {
  const creator = await findProfile(statement.creatorId, tx);
  if (!creator?.email) {
    logger.warn(
      { creatorId: statement.creatorId },
      "statement issued for a creator without an email address",
    );
    return;
  }
  // In the creator's stored language.
  const language = isLocale(creator.language) ? creator.language : DEFAULT_LOCALE;
  await queueMail(statementMail(translator(language, ["payouts-mail"]), creator.email, statement), { tx });
}

async function statementDocument(creatorId: string, period: string): Promise<StatementDocument | null> {
  const executor = db();
  const statement = await findStatement(executor, creatorId, period);
  if (!statement) return null;
  const [previous, payout, creator] = await Promise.all([
    findPreviousStatement(executor, creatorId, period),
    statement.payoutId ? findPayout(executor, statement.payoutId) : null,
    findProfile(creatorId),
  ]);
  const lines = await linesCreatedBetween(
    executor,
    creatorId,
    previous ? periodEnd(previous.period) : null,
    periodEnd(period),
  );
  const creatorName = creator?.fullName || creator?.username || creator?.email || creatorId;
  return { statement, creatorName, lines, payout };
}

export interface StatementFile {
  body: Buffer | string;
  fileName: string;
  format: StatementFormat;
}

/**
 * The creator's statement of `period` as PDF or CSV, rendered from the ledger on request: the PDF in
 * `language` (the reader's), the CSV in English whatever the language (its columns and types are
 * read by spreadsheets and scripts).
 */
export async function statementFile(
  creatorId: string,
  period: string,
  format: StatementFormat,
  language: Locale = DEFAULT_LOCALE,
): Promise<Result<StatementFile, "not_found">> {
  const document = await statementDocument(creatorId, period);
  if (!document) return { ok: false, reason: "not_found" };
  const fileName = `verdeo-statement-${period}.${format}`;
  const body = format === "pdf" ? await renderStatement(document, language) : statementCsv(document);
  return { ok: true, value: { body, fileName, format } };
}

/** The creator's statements, newest first, for the earnings page. */
export async function listStatements(creatorId: string) {
  const rows = await listStatementsOf(creatorId);
  return rows.map((row) => ({
    period: row.period,
    label: periodLabel(row.period),
    paid: formatMoney(row.paidCents),
    closing: formatMoney(row.closingCents),
    pdf: statementPath(row.period, "pdf"),
    csv: statementPath(row.period, "csv"),
  }));
}
