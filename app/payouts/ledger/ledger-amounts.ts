/**
 * How much of a royalty line a part refund takes back. The line shares the refund in the
 * proportion the buyer got back of what they paid: `amount × refunded / total`, rounded down to the
 * cent, so the creator keeps a fraction of a cent rather than lose one, and the total ever reversed
 * of a line can never pass the line itself. BigInt because amount × refunded may pass 2^53.
 */
export function partRefundShare(amountCents: number, refundedCents: number, totalCents: number): number {
  if (amountCents <= 0 || refundedCents <= 0 || totalCents <= 0) return 0;
  if (refundedCents >= totalCents) return amountCents;
  return Number((BigInt(amountCents) * BigInt(refundedCents)) / BigInt(totalCents));
}

/** What must still be reversed of a line to bring what is reversed of it up to `target` (never negative). */
export function stillToReverse(targetCents: number, reversedCents: number, amountCents: number): number {
  return Math.max(0, Math.min(targetCents, amountCents) - Math.max(0, reversedCents));
}
