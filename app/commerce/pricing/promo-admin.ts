import { z } from "zod";
import { PROMO_CODE_MAX } from "../checkout/checkout-schema";
import { PROMO_TYPES } from "./plans";

/** The staff form for promo codes (client and server share it; the server is the authority). */
export const PROMO_CODE_MIN = 3;
export const PROMO_MAX_USES = 1_000_000;
export const PROMO_PER_CUSTOMER_MAX = 1_000;
/** A fixed discount above this (in cents) is a typo, not a promotion. */
export const PROMO_FIXED_MAX_CENTS = 10_000_000;

export const PROMO_ADMIN_TEXTS = {
  codeShape: `Use ${PROMO_CODE_MIN} to ${PROMO_CODE_MAX} letters, digits, - or _.`,
  codeTaken: "A promo code with this name already exists (codes ignore upper and lower case).",
  typeRequired: "Choose percent or fixed.",
  percentRange: "A percent discount is a whole number from 1 to 100.",
  fixedRange: `A fixed discount is a whole number of cents from 1 to ${PROMO_FIXED_MAX_CENTS.toLocaleString("en")}.`,
  maxUsesRange: `Maximum uses is empty (no limit) or a whole number from 1 to ${PROMO_MAX_USES.toLocaleString("en")}.`,
  perCustomerRange: `The per-customer limit is empty (no limit) or a whole number from 1 to ${PROMO_PER_CUSTOMER_MAX.toLocaleString("en")}.`,
  maxUsesBelowUsed: "Maximum uses cannot be lower than the uses so far.",
  expiryInvalid: "Enter the expiry as a date and time, or leave it empty.",
  expiryPast: "The expiry must be in the future.",
} as const;

/** Which field of the staff promo forms shows each refusal of the promo service, and what it says. */
export const PROMO_ADMIN_REFUSALS = {
  expiry_past: { field: "expiresAt", message: PROMO_ADMIN_TEXTS.expiryPast },
  code_taken: { field: "code", message: PROMO_ADMIN_TEXTS.codeTaken },
  max_uses_below_used: { field: "maxUses", message: PROMO_ADMIN_TEXTS.maxUsesBelowUsed },
} as const;
export type PromoAdminRefusal = keyof typeof PROMO_ADMIN_REFUSALS;

const optionalWholeNumber = (max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(value);
    });

const optionalDateTime = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    // datetime-local sends "2026-12-31T23:59"; read it as UTC so the stored instant is unambiguous.
    const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.exec(value);
    const date = match ? new Date(`${value}Z`) : null;
    if (!date || Number.isNaN(date.getTime())) {
      context.addIssue({ code: "custom", message: PROMO_ADMIN_TEXTS.expiryInvalid });
      return z.NEVER;
    }
    return date;
  });

const promoTerms = {
  type: z.enum(PROMO_TYPES, { error: PROMO_ADMIN_TEXTS.typeRequired }),
  value: z.string().trim(),
  expiresAt: optionalDateTime,
  maxUses: optionalWholeNumber(PROMO_MAX_USES, PROMO_ADMIN_TEXTS.maxUsesRange),
  perCustomerLimit: optionalWholeNumber(PROMO_PER_CUSTOMER_MAX, PROMO_ADMIN_TEXTS.perCustomerRange),
};

function checkValue<T extends { type: (typeof PROMO_TYPES)[number]; value: string }>(
  input: T,
  context: z.RefinementCtx,
) {
  const max = input.type === "percent" ? 100 : PROMO_FIXED_MAX_CENTS;
  const number = /^\d{1,9}$/.test(input.value) ? Number(input.value) : Number.NaN;
  if (!(number >= 1 && number <= max)) {
    context.addIssue({
      code: "custom",
      path: ["value"],
      message: input.type === "percent" ? PROMO_ADMIN_TEXTS.percentRange : PROMO_ADMIN_TEXTS.fixedRange,
    });
    return z.NEVER;
  }
  return { ...input, value: number };
}

export const PromoTermsSchema = z.object(promoTerms).transform(checkValue);

export const NewPromoCodeSchema = z
  .object({
    code: z
      .string({ error: PROMO_ADMIN_TEXTS.codeShape })
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[A-Z0-9_-]{${PROMO_CODE_MIN},${PROMO_CODE_MAX}}$`), PROMO_ADMIN_TEXTS.codeShape),
    ...promoTerms,
  })
  .transform(checkValue);

export type PromoTermsInput = z.infer<typeof PromoTermsSchema>;
export type NewPromoCode = z.infer<typeof NewPromoCodeSchema>;
