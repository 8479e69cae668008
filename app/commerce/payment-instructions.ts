/** Bank-transfer details for one order, as the buyer reads them (safe for the browser). */
export interface PaymentInstructions {
  amount: string;
  reference: string;
  accountHolder: string;
  bank: string;
  iban: string;
  bic: string;
}

export const PAYMENT_INSTRUCTION_ROWS: { label: string; key: keyof PaymentInstructions }[] = [
  { label: "Amount", key: "amount" },
  { label: "Reference", key: "reference" },
  { label: "Account holder", key: "accountHolder" },
  { label: "Bank", key: "bank" },
  { label: "IBAN", key: "iban" },
  { label: "BIC", key: "bic" },
];
