import { formatMoney as formatMoneyIn } from "~/payments/money";
import { db } from "~/platform/db/client.server";
import { PAGE_SIZE, pageOffset } from "~/platform/text/paging";
import { nextPayoutDate, payoutTermLines } from "../details/payout-terms";
import { payoutTerms } from "../details/payout-terms.server";
import { LINE_KIND_LABELS } from "../statements/statements";
import { listStatements } from "../statements/statements.server";
import {
  balanceOf,
  countLinesOfCreator,
  earningsByClip,
  earningsByMonth,
  linesOfCreator,
  pendingReleases,
} from "./ledger.queries.server";
import { lineState } from "./ledger-states";

/** Months and days as the page's language writes them (English pages: en-GB, "1 June 2026"). */
const formatters = (tag: string) => {
  const locale = tag === "en" ? "en-GB" : tag;
  return {
    month: new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }),
    day: new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  };
};

/** How many days of pending money the page lists, soonest first. */
const RELEASES_SHOWN = 5;

/**
 * A creator's earnings as the studio shows them: the balances by state (their sum is every line),
 * the next payout and what it will hold, when pending money becomes available, the statements, the
 * ledger lines newest first (a page of them), and the totals by month and by clip.
 */
export async function getCreatorEarnings(
  creatorId: string,
  options: {
    now?: Date;
    page?: number /** The page's BCP 47 tag, for money and dates. */;
    tag?: string;
  } = {},
) {
  const now = options.now ?? new Date();
  const tag = options.tag ?? "en";
  const { month: monthFormatter, day: dayFormatter } = formatters(tag);
  // English keeps money's own default (en-IE: "€1,234.50").
  const formatMoney = (cents: number) => (tag === "en" ? formatMoneyIn(cents) : formatMoneyIn(cents, tag));
  const page = options.page ?? 1;
  const executor = db();
  const nextRun = nextPayoutDate(now);
  const terms = payoutTerms();
  const [balance, atNextRun, releases, lines, lineCount, statements, months, clips] = await Promise.all([
    balanceOf(executor, creatorId, now),
    balanceOf(executor, creatorId, nextRun),
    pendingReleases(executor, creatorId, now, RELEASES_SHOWN),
    linesOfCreator(executor, creatorId, { limit: PAGE_SIZE, offset: pageOffset(page) }),
    countLinesOfCreator(executor, creatorId),
    listStatements(creatorId),
    earningsByMonth(creatorId),
    earningsByClip(creatorId),
  ]);
  const totalCents = months.reduce((sum, month) => sum + month.amountCents, 0);
  return {
    total: formatMoney(totalCents),
    licenses: months.reduce((sum, month) => sum + month.licenses, 0),
    ratePercent: terms.royaltyPercent,
    balances: {
      pending: formatMoney(balance.pendingCents),
      available: formatMoney(balance.availableCents),
      onTheWay: formatMoney(balance.onTheWayCents),
      paid: formatMoney(balance.paidCents),
      availableNegative: balance.availableCents < 0,
    },
    nextPayout: {
      date: dayFormatter.format(nextRun),
      // What the run on that day would find available (pending money that comes out of the window by then too).
      available: formatMoney(atNextRun.availableCents),
      outcome:
        atNextRun.availableCents >= terms.thresholdCents
          ? ("paid" as const)
          : atNextRun.availableCents > 0
            ? ("carried_over" as const)
            : atNextRun.availableCents < 0
              ? ("owed" as const)
              : ("nothing" as const),
      threshold: formatMoney(terms.thresholdCents),
    },
    releases: releases.map((release) => ({
      day: release.day,
      date: dayFormatter.format(new Date(`${release.day}T00:00:00Z`)),
      amount: formatMoney(release.amountCents),
    })),
    terms: payoutTermLines(terms),
    /** The terms' figures, for the page to say them in its language. */
    termFigures: {
      refundWindowDays: terms.refundWindowDays,
      threshold: formatMoney(terms.thresholdCents),
      stripe: terms.stripe,
    },
    statements,
    lines: {
      page,
      pageSize: PAGE_SIZE,
      total: lineCount,
      rows: lines.map(({ line, payoutStatus }) => ({
        id: line.id,
        kind: line.kind,
        kindLabel: LINE_KIND_LABELS[line.kind],
        clipId: line.clipId,
        clipTitle: line.clipTitle,
        planName: line.planName,
        date: dayFormatter.format(line.createdAt),
        amount: formatMoney(line.amountCents),
        state: lineState(line, payoutStatus, now),
      })),
    },
    months: months.map((month) => ({
      month: month.month,
      label: monthFormatter.format(new Date(`${month.month}-01T00:00:00Z`)),
      licenses: month.licenses,
      amount: formatMoney(month.amountCents),
    })),
    clips: clips.map((clip) => ({
      clipId: clip.clipId,
      title: clip.title,
      licenses: clip.licenses,
      amount: formatMoney(clip.amountCents),
    })),
  };
}

export type CreatorEarnings = Awaited<ReturnType<typeof getCreatorEarnings>>;
