import { describeTax, type TaxReason } from "~/payments/tax";

export const TOTAL_LABELS = { withVat: "Total (incl. VAT)", withoutVat: "Total" } as const;

/**
 * How an order's total is labelled: "incl. VAT" only when VAT was charged; an order without VAT
 * (reverse charge, export) says "Total" and why it has none.
 */
export function totalLabelOf(order: {
  vatRateBps: number;
  taxReason: TaxReason;
  country: string;
  taxSubdivision?: string | null;
}) {
  if (order.vatRateBps > 0) return { label: TOTAL_LABELS.withVat, reason: null };
  return {
    label: TOTAL_LABELS.withoutVat,
    reason: describeTax(order.taxReason, order.country, order.taxSubdivision),
  };
}
