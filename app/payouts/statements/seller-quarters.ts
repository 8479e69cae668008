import type { RoyaltyLineKind } from "../runs/payouts";

/**
 * The DAC7 figures of one seller per quarter, from the payouts ledger (integer cents). A line
 * counts in the quarter (UTC) it was credited. Consideration is what the seller was credited, net
 * of the platform's share (the directive's definition); a refund's reversal lowers it in the
 * quarter the reversal was recorded. Fees and commissions are the platform's share of each sale,
 * `base − amount` of its royalty line; a reversal gives back the same part of that share as of the
 * royalty (rounded toward zero, like the reversal itself in ledger-amounts.ts). The ledger records
 * no tax withheld from sellers, so taxes are 0 and the report says so.
 */

export interface LedgerLineForReport {
  kind: RoyaltyLineKind;
  creditedAt: Date;
  amountCents: number;
  /** The sale the line belongs to (its own for a royalty; the royalty a reversal or restoration answers). */
  saleBaseCents: number;
  saleAmountCents: number;
}

export interface QuarterFigures {
  considerationCents: number;
  activities: number;
  feesCents: number;
  taxesCents: number;
}

export type Quarters = [QuarterFigures, QuarterFigures, QuarterFigures, QuarterFigures];

/** 1 to 4: the quarter of the year `at` falls in, by UTC date. */
export function quarterOf(at: Date): 1 | 2 | 3 | 4 {
  return (Math.floor(at.getUTCMonth() / 3) + 1) as 1 | 2 | 3 | 4;
}

/** The platform's share that a line carries: all of it for a royalty, the same part for a reversal. */
export function platformShareCents(line: Omit<LedgerLineForReport, "creditedAt">): number {
  const share = Math.max(0, line.saleBaseCents - line.saleAmountCents);
  if (line.kind === "royalty") return share;
  if (line.saleAmountCents <= 0 || line.amountCents === 0) return 0;
  // BigInt: amount × share may pass 2^53; BigInt division rounds toward zero.
  return Number((BigInt(line.amountCents) * BigInt(share)) / BigInt(line.saleAmountCents));
}

const empty = (): QuarterFigures => ({ considerationCents: 0, activities: 0, feesCents: 0, taxesCents: 0 });

/** Each quarter's figures from a seller's ledger lines of one year. */
export function quarterFigures(lines: Iterable<LedgerLineForReport>): Quarters {
  const quarters: Quarters = [empty(), empty(), empty(), empty()];
  for (const line of lines) {
    const quarter = quarters[quarterOf(line.creditedAt) - 1]!;
    quarter.considerationCents += line.amountCents;
    quarter.feesCents += platformShareCents(line);
    // One license sold is one relevant activity; its refund does not undo that it happened.
    if (line.kind === "royalty") quarter.activities += 1;
  }
  return quarters;
}

/** The year's figures: the sum of its quarters. */
export function yearFigures(quarters: Quarters): QuarterFigures {
  return quarters.reduce(
    (year, quarter) => ({
      considerationCents: year.considerationCents + quarter.considerationCents,
      activities: year.activities + quarter.activities,
      feesCents: year.feesCents + quarter.feesCents,
      taxesCents: year.taxesCents + quarter.taxesCents,
    }),
    empty(),
  );
}
