import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import {
  insertRoyaltyLine,
  lockRoyaltyLinesOfOrder,
  openReversalsOfOrder,
  type RoyaltyLine,
} from "./ledger.queries.server";
import { partRefundShare, stillToReverse } from "./ledger-amounts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewRoyaltyLine {
  creatorId: string;
  licenseId: string;
  orderId: string;
  clipId: number;
  clipTitle: string;
  planName: string;
  baseCents: number;
  rateBps: number;
  amountCents: number;
  at: Date;
}

/**
 * Credits a license's royalty to its creator, inside the license's own transaction. The line is
 * pending for the refund window, then available; a second credit of one license is ignored.
 */
export async function creditRoyalty(tx: Executor, credit: NewRoyaltyLine, settings = config()) {
  const { at, ...line } = credit;
  await insertRoyaltyLine(tx, {
    ...line,
    kind: "royalty",
    createdAt: at,
    availableAt: new Date(at.getTime() + settings.PAYOUT_REFUND_WINDOW_DAYS * DAY_MS),
  });
}

/** What a change of an order did to its creators' ledger, for the order's audit entry. */
export interface RoyaltyLineChange {
  reversedCents: number;
  restoredCents: number;
  lines: number;
}

/**
 * An order refunded in full, cancelled after payment, or disputed: each royalty line of the order
 * gets one reversal of what is not reversed of it yet. Idempotent: a replayed event finds every
 * line reversed and adds nothing. Runs in the order's transaction (commerce's order effects).
 */
export function reverseOrderRoyalties(tx: Executor, orderId: string, at: Date) {
  return reverseUpTo(tx, orderId, at, (line) => line.amountCents);
}

/**
 * A part of the order refunded (`refundedCents` of `totalCents`, the order's running total): each
 * line is reversed in that proportion (rounding in ledger-amounts.ts), topping up what earlier part
 * refunds reversed, so replays and out-of-order refunds never reverse a line twice.
 */
export function reverseOrderRoyaltiesInPart(
  tx: Executor,
  input: { orderId: string; refundedCents: number; totalCents: number; at: Date },
) {
  return reverseUpTo(tx, input.orderId, input.at, (line) =>
    partRefundShare(line.amountCents, input.refundedCents, input.totalCents),
  );
}

async function reverseUpTo(
  tx: Executor,
  orderId: string,
  at: Date,
  target: (line: RoyaltyLine) => number,
): Promise<RoyaltyLineChange> {
  const change: RoyaltyLineChange = { reversedCents: 0, restoredCents: 0, lines: 0 };
  for (const line of await lockRoyaltyLinesOfOrder(tx, orderId)) {
    const cents = stillToReverse(target(line), line.reversedCents, line.amountCents);
    if (cents === 0) continue;
    await insertRoyaltyLine(tx, {
      ...copyOf(line),
      kind: "reversal",
      amountCents: -cents,
      reversesId: line.id,
      createdAt: at,
      availableAt: laterOf(at, line.availableAt),
    });
    change.reversedCents += cents;
    change.lines += 1;
  }
  return change;
}

/**
 * A dispute won: the order's royalties come back. Each line is restored down to what part refunds
 * of the order still take from it (`refunded` of `total`; none by default), by restorations of its
 * newest open reversals, which are the dispute's: money a part refund did give back stays
 * reversed. Idempotent: a replay finds nothing reversed beyond that and adds nothing.
 */
export async function restoreOrderRoyalties(
  tx: Executor,
  orderId: string,
  at: Date,
  partRefund: { refundedCents: number; totalCents: number } = { refundedCents: 0, totalCents: 0 },
): Promise<RoyaltyLineChange> {
  const change: RoyaltyLineChange = { reversedCents: 0, restoredCents: 0, lines: 0 };
  const lines = await lockRoyaltyLinesOfOrder(tx, orderId);
  const open = await openReversalsOfOrder(tx, orderId);
  for (const line of lines) {
    const keep = partRefundShare(line.amountCents, partRefund.refundedCents, partRefund.totalCents);
    let excess = line.reversedCents - keep;
    for (const reversal of open) {
      if (excess <= 0) break;
      if (reversal.reversesId !== line.id || reversal.amountCents === 0) continue;
      const cents = Math.min(excess, -reversal.amountCents);
      await insertRoyaltyLine(tx, {
        ...copyOf(reversal),
        kind: "restoration",
        amountCents: cents,
        reversesId: reversal.id,
        createdAt: at,
        availableAt: laterOf(at, reversal.availableAt),
      });
      excess -= cents;
      change.restoredCents += cents;
      change.lines += 1;
    }
  }
  return change;
}

/** The snapshot a reversal or restoration repeats from the line it answers (statements list it alike). */
function copyOf(line: RoyaltyLine) {
  return {
    creatorId: line.creatorId,
    licenseId: line.licenseId,
    orderId: line.orderId,
    clipId: line.clipId,
    clipTitle: line.clipTitle,
    planName: line.planName,
    baseCents: line.baseCents,
    rateBps: line.rateBps,
  };
}

/*
 * A reversal of a line still in its refund window becomes available with the line, so the two
 * cancel out in "pending" and never reach a payout apart; a reversal of a line already available
 * (or paid) is available at once, so the next run nets it (a negative balance is carried).
 */
function laterOf(a: Date, b: Date) {
  return a > b ? a : b;
}
