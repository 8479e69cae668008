/**
 * What one refund's credit note says (docs/decisions/0024): each refund, part or rest, gets its
 * own note for exactly the money it gave back, with the VAT in it in proportion to the order's.
 * The note that brings the order's refunds to its total takes the VAT left over, so the notes of a
 * fully refunded order add up to its invoice to the cent.
 */
export interface CreditedSoFar {
  amountCents: number;
  vatCents: number;
}

export function creditNoteVat(
  order: { totalCents: number; vatAmountCents: number },
  amountCents: number,
  credited: CreditedSoFar,
): number {
  if (amountCents <= 0 || order.totalCents <= 0 || order.vatAmountCents <= 0) return 0;
  if (credited.amountCents + amountCents >= order.totalCents)
    return clamp(order.vatAmountCents - credited.vatCents, 0, amountCents);
  // Half up, in integers: amount × VAT / total.
  const share = Math.floor(
    (2 * amountCents * order.vatAmountCents + order.totalCents) / (2 * order.totalCents),
  );
  return clamp(share, 0, amountCents);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
