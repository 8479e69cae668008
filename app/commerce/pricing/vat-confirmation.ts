import {
  decideTax,
  type TaxBuyer,
  type TaxDecision,
  type TaxReason,
  type TaxRefusalField,
  type TaxRules,
} from "~/payments/tax";

/**
 * Reverse charge only once the VAT number is confirmed (decision 0026), layered on top of
 * decideTax: decideTax says whether a buyer would be reverse-charged by their number's format; the
 * register's answer (VIES for EU numbers, HMRC for GB numbers, asked by a job) decides whether
 * they are. Pure and browser-safe: the checkout, placing an order and the tests share it.
 */

export const VAT_REGISTER_NAMES = ["VIES", "HMRC"] as const;
export type VatRegister = (typeof VAT_REGISTER_NAMES)[number];

export const VAT_CHECK_STATUSES = ["pending", "confirmed", "rejected", "unavailable"] as const;
export type VatCheckStatus = (typeof VAT_CHECK_STATUSES)[number];

/** The register a stored VAT number (with its prefix) is checked with. */
export const registerOf = (vatNumber: string): VatRegister => (vatNumber.startsWith("GB") ? "HMRC" : "VIES");

/** What the register said about a number, as pricing reads it (a row of vat_number_checks). */
export interface VatCheckView {
  vatNumber: string;
  register: VatRegister;
  status: VatCheckStatus;
  consultationNumber: string | null;
  requestedAt: Date;
  checkedAt: Date | null;
}

/** The tax decided for a buyer, with the check that allowed or withheld the reverse charge. */
export type ConfirmedTax =
  | {
      ok: true;
      rateBps: number;
      reason: TaxReason;
      vatNumber: string | null;
      /** Null when the number's check does not matter (no number, or not a reverse charge case). */
      vatCheck: { status: Exclude<VatCheckStatus, "rejected">; consultationNumber: string | null } | null;
    }
  | {
      ok: false;
      message: string;
      /** The field the refusal belongs to (decideTax's); a rejected number's is its VAT number's. */
      field?: TaxRefusalField;
      /** A number its register rejected: the rate the buyer pays without it, for the summary to show. */
      rejected?: { rateBps: number };
    };

/** How long a confirmation is reused before the number is asked again. */
export const CONFIRMED_CHECK_FRESH_DAYS = 30;
/** A refusal is reused for a day: a registration just made may show up in the register tomorrow. */
export const REJECTED_CHECK_FRESH_HOURS = 24;
/** A check asked and not answered within this is asked again (a lost job, a worker restart). */
export const PENDING_CHECK_STALE_MINUTES = 10;

/** Whether the register should be asked (again) about a number, given its last check. */
export function needsCheck(check: VatCheckView | null, now: Date): boolean {
  if (!check) return true;
  const age = now.getTime() - (check.checkedAt ?? check.requestedAt).getTime();
  switch (check.status) {
    case "confirmed":
      return age > CONFIRMED_CHECK_FRESH_DAYS * 86_400_000;
    case "rejected":
      return age > REJECTED_CHECK_FRESH_HOURS * 3_600_000;
    case "pending":
      return age > PENDING_CHECK_STALE_MINUTES * 60_000;
    case "unavailable":
      return true;
  }
}

export const registerLabel = (vatNumber: string) =>
  registerOf(vatNumber) === "HMRC" ? "HMRC (the UK's VAT service)" : "VIES";

/** The refusal of a number the register does not know. */
export const vatNumberRejectedMessage = (vatNumber: string) =>
  `${registerOf(vatNumber)} does not know the VAT number ${vatNumber}. Check it, or buy without it and VAT is added.`;

/** What the checkout says while a number is not confirmed (pending, or the register is down). */
export function vatCheckNotice(vatNumber: string, status: "pending" | "unavailable"): string {
  const register = registerLabel(vatNumber);
  const lead =
    status === "pending"
      ? `We are confirming your VAT number ${vatNumber} with ${register}.`
      : `${register} cannot be reached right now to confirm your VAT number ${vatNumber}; we keep trying.`;
  return `${lead} Until it is confirmed this order includes VAT; once it is, the VAT is taken off (or, if you have paid, refunded with a credit note).`;
}

/**
 * The tax of a buyer on a day given their number's check: a reverse charge stands only for a
 * confirmed number; while the check is pending or the register is down (or nothing was asked yet)
 * the buyer pays the VAT they would pay without a number, and the number is kept so a later
 * confirmation can correct the order; a rejected number is refused.
 */
export function confirmTax(
  buyer: TaxBuyer,
  check: VatCheckView | null,
  on: Date,
  rules: TaxRules,
): ConfirmedTax {
  const decided: TaxDecision = decideTax(buyer, on, rules);
  if (!decided.ok) return decided;
  if (decided.reason !== "reverse_charge" || !decided.vatNumber) return { ...decided, vatCheck: null };
  const ofNumber = check && check.vatNumber === decided.vatNumber ? check : null;
  const status = ofNumber?.status ?? "pending";
  if (status === "confirmed")
    return { ...decided, vatCheck: { status, consultationNumber: ofNumber?.consultationNumber ?? null } };
  const withoutNumber = decideTax({ ...buyer, vatNumber: null }, on, rules);
  if (!withoutNumber.ok) return withoutNumber;
  if (status === "rejected")
    return {
      ok: false,
      message: vatNumberRejectedMessage(decided.vatNumber),
      rejected: { rateBps: withoutNumber.rateBps },
    };
  return {
    ok: true,
    rateBps: withoutNumber.rateBps,
    reason: withoutNumber.reason,
    vatNumber: decided.vatNumber,
    vatCheck: { status, consultationNumber: null },
  };
}

/** What an order's documents say about the check that priced it, as facts a document words in its language. */
export type OrderVatCheck = {
  vatNumber: string;
  register: VatRegister;
  consultationNumber: string | null;
} & (
  | { kind: "confirmed_after_payment" }
  | { kind: "confirmed" }
  | { kind: "not_confirmed"; status: "pending" | "unavailable" }
);

/**
 * The check behind an order's tax: confirmed after it was paid with VAT (this invoice stands, a
 * credit note returns the VAT), confirmed, or not yet confirmed (VAT charged). Null without a number.
 */
export function orderVatCheckOf(order: {
  vatNumber: string | null;
  vatCheckStatus: VatCheckStatus | null;
  vatConsultationNumber: string | null;
  vatRateBps: number;
}): OrderVatCheck | null {
  const { vatNumber, vatCheckStatus: status } = order;
  if (!vatNumber || !status) return null;
  const facts = {
    vatNumber,
    register: registerOf(vatNumber),
    consultationNumber: order.vatConsultationNumber,
  };
  if (status === "confirmed" && order.vatRateBps > 0) return { ...facts, kind: "confirmed_after_payment" };
  if (status === "confirmed") return { ...facts, kind: "confirmed" };
  // A rejected number never priced an order; one stored anyway reads as the register's silence.
  return { ...facts, kind: "not_confirmed", status: status === "pending" ? "pending" : "unavailable" };
}

/** What an order's documents and the staff page say about the check that priced it (in English). */
export function orderVatCheckNote(order: {
  vatNumber: string | null;
  vatCheckStatus: VatCheckStatus | null;
  vatConsultationNumber: string | null;
  vatRateBps: number;
}): string | null {
  const check = orderVatCheckOf(order);
  if (!check) return null;
  const { vatNumber, register } = check;
  const consultation = check.consultationNumber ? `, consultation number ${check.consultationNumber}` : "";
  // Paid with VAT while pending, confirmed afterwards: this invoice stands, a credit note returns the VAT.
  if (check.kind === "confirmed_after_payment")
    return `VAT number ${vatNumber} confirmed by ${register} after this order was paid${consultation}; the VAT is credited by a credit note.`;
  if (check.kind === "confirmed") return `VAT number ${vatNumber} confirmed by ${register}${consultation}.`;
  return `VAT charged: VAT number ${vatNumber} not yet confirmed by ${register} (${check.status === "pending" ? "check pending" : "service unavailable"}); its confirmation brings a credit note for the VAT.`;
}
