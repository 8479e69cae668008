import { findProfile } from "~/accounts/profiles/profiles.server";
import { SUPPORT_EMAIL } from "~/constants";
import { formatMoney } from "~/payments/money";
import { config } from "~/platform/config.server";
import { db, type Executor } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { queueMail } from "~/platform/mail.server";
import type { Result } from "~/platform/result";
import { linesCreatedBetween, type RoyaltyLine } from "../ledger/ledger.queries.server";
import type { Payout } from "../runs/payout-runs.queries.server";
import {
  periodEnd,
  periodLabel,
  type StatementFormat,
  StatementPeriodSchema,
  statementMailSubject,
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
import { renderStatement, type StatementDocument, statementCsv } from "./statements-render.server";

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

async function queueStatementMail(tx: Executor, statement: PayoutStatement) {
  const creator = await findProfile(statement.creatorId, tx);
  if (!creator?.email) {
    logger.warn(
      { creatorId: statement.creatorId },
      "statement issued for a creator without an email address",
    );
    return;
  }
  const base = config().PUBLIC_URL;
  await queueMail(
    {
      to: creator.email,
      subject: statementMailSubject(statement.period),
      text: [
        `Your statement for ${periodLabel(statement.period)} is ready.`,
        "",
        `Paid to you: ${formatMoney(statement.paidCents)}`,
        `Earned: ${formatMoney(statement.earnedCents)}, reversed: ${formatMoney(statement.reversedCents)}`,
        `Balance after this payout: ${formatMoney(statement.closingCents)}`,
        "",
        `Statement (PDF): ${base}${statementPath(statement.period, "pdf")}`,
        `The same as CSV: ${base}${statementPath(statement.period, "csv")}`,
        `All your earnings and statements: ${base}/studio/earnings`,
        "",
        `Questions? Write to ${SUPPORT_EMAIL}.`,
      ].join("\n"),
    },
    { tx },
  );
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

/** The creator's statement of `period` as PDF or CSV, rendered from the ledger on request. */
export async function statementFile(
  creatorId: string,
  period: string,
  format: StatementFormat,
): Promise<Result<StatementFile, "not_found">> {
  const document = await statementDocument(creatorId, period);
  if (!document) return { ok: false, reason: "not_found" };
  const fileName = `verdeo-statement-${period}.${format}`;
  const body = format === "pdf" ? await renderStatement(document) : statementCsv(document);
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
