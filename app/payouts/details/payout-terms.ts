import { formatMoney } from "~/payments/money";

/**
 * The payout terms as creators read them (the creators hub, the earnings page), from config: the
 * share, the refund window a royalty waits out, the threshold, and how money is sent.
 */
export interface PayoutTerms {
  royaltyPercent: number;
  refundWindowDays: number;
  thresholdCents: number;
  /** Stripe Connect is offered only when Stripe is configured; bank transfer always. */
  stripe: boolean;
}

/** Payout runs are proposed on this day of each month (UTC). */
export const PAYOUT_DAY_OF_MONTH = 1;

export function payoutTermLines(terms: PayoutTerms): string[] {
  const methods = terms.stripe ? "through Stripe or by bank transfer (SEPA)" : "by bank transfer (SEPA)";
  return [
    `Each license's royalty is pending for ${terms.refundWindowDays} days, the refund window, then available.`,
    `Payouts are monthly, on the ${ordinal(PAYOUT_DAY_OF_MONTH)}: everything available is paid once it reaches ${formatMoney(terms.thresholdCents)}; below that it carries over to the next month.`,
    `You are paid ${methods}, with a statement (PDF and CSV) for every payout.`,
    "A refund or dispute takes the license's royalty back; if it was already paid, the next payout is reduced by it.",
  ];
}

function ordinal(day: number) {
  return day === 1 ? "1st" : day === 2 ? "2nd" : day === 3 ? "3rd" : `${day}th`;
}

/** The next payout run after `now`: the 1st of next month, midnight UTC. */
export function nextPayoutDate(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, PAYOUT_DAY_OF_MONTH));
}
