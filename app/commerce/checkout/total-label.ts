/** The two labels of an order's total (the page translates them; totalLabelOf in tax-wording.server.ts picks one). */
export const TOTAL_LABELS = { withVat: "Total (incl. VAT)", withoutVat: "Total" } as const;
