import { z } from "zod";
import { emailField } from "~/accounts/auth/email";
import { isCountry } from "~/payments/countries";
import { BUYER_TYPES, VAT_NUMBER_MAX } from "~/payments/tax";
import { needsSubdivision, subdivisionMissingMessage, subdivisionOf } from "~/payments/taxes/subdivisions";
import { CONTROL_CHARACTER } from "~/platform/text/control-characters";
import { SerialIdSchema } from "~/platform/text/id-schema";
import { BILLINGS, PLAN_CATEGORIES } from "../pricing/plans";

/** The texts checkout shows, plus the rate-limit answer. */
export const PROMO_MESSAGES = {
  invalid: "Invalid promo code",
  expired: "This promo code has expired",
  error: "Error validating promo code",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  usedUp: "This promo code has reached its usage limit",
  customerLimit: "You have already used this promo code",
} as const;
export type PromoMessage = (typeof PROMO_MESSAGES)[keyof typeof PROMO_MESSAGES];

/** Why a promo code gives no discount, in the domain's words (services answer these). */
export type PromoRefusal =
  | "invalid"
  | "expired"
  | "lookup_failed"
  | "rate_limited"
  | "used_up"
  | "customer_limit";
/** What the buyer reads for each refusal. */
export const PROMO_REFUSAL_MESSAGES: Record<PromoRefusal, PromoMessage> = {
  invalid: PROMO_MESSAGES.invalid,
  expired: PROMO_MESSAGES.expired,
  lookup_failed: PROMO_MESSAGES.error,
  rate_limited: PROMO_MESSAGES.rateLimited,
  used_up: PROMO_MESSAGES.usedUp,
  customer_limit: PROMO_MESSAGES.customerLimit,
};

export const ORDER_FAILED_MESSAGE = "There was an error processing your order. Please try again.";
export const CHECKOUT_RATE_LIMITED_MESSAGE =
  "Too many orders from your network. Please wait a few minutes and try again.";
export const EMAIL_REQUIRED_MESSAGE = "Please enter your email address";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";
export const TERMS_REQUIRED_MESSAGE = "Please accept the terms and licensing to continue";
export const COUNTRY_INVALID_MESSAGE = "Please choose a country from the list";

/** The word beside Company: the server requires a company's name of a business only. */
export const COMPANY_NOTES = { individual: "Optional", business: "Required for a business" } as const;
export const BUSINESS_NAME_REQUIRED_MESSAGE = "Please enter the company's name for a business purchase";
export const CONTROL_CHARACTERS_MESSAGE = "This field contains characters we cannot accept";

export const PROMO_CODE_MAX = 40;
export const COMPANY_MAX = 200;
export const BUYER_NAME_MAX = 120;
export const ADDRESS_LINE_MAX = 200;
export const POSTAL_CODE_MAX = 20;
export const CITY_MAX = 100;
const SUBDIVISION_MAX = 8;

/** An optional one-line text: trimmed, bounded, no control characters; empty reads null. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max + 1} characters`)
    .refine((value) => !CONTROL_CHARACTER.test(value), CONTROL_CHARACTERS_MESSAGE)
    .optional()
    .transform((value) => (value ? value : null));

/** Promo codes are compared uppercased. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** Choosing a plan on /pricing: which tier and which billing. */
export const ChoosePlanSchema = z.object({
  category: z.enum(PLAN_CATEGORIES),
  tierId: SerialIdSchema,
  billing: z.enum(BILLINGS),
});

/**
 * What decides the tax: country (and a Canadian province), buyer type and VAT number. The "Update" intent reads only these;
 * the VAT number's format is checked with the tax rules (tax.ts), where the country is known.
 */
export const TaxBuyerSchema = z.object({
  country: z.string({ error: COUNTRY_INVALID_MESSAGE }).refine(isCountry, COUNTRY_INVALID_MESSAGE),
  buyerType: z.enum(BUYER_TYPES).catch("individual"),
  vatNumber: optionalLine(VAT_NUMBER_MAX),
  /** A Canadian province or US state; one of another country's is left out where it is used. */
  subdivision: optionalLine(SUBDIVISION_MAX),
});

/** The buyer's part of the checkout form. Prices are never part of it. */
export const BuyerSchema = TaxBuyerSchema.extend({
  email: emailField({ required: EMAIL_REQUIRED_MESSAGE, invalid: EMAIL_INVALID_MESSAGE }),
  buyerName: optionalLine(BUYER_NAME_MAX),
  company: optionalLine(COMPANY_MAX),
  addressLine: optionalLine(ADDRESS_LINE_MAX),
  postalCode: optionalLine(POSTAL_CODE_MAX),
  city: optionalLine(CITY_MAX),
  terms: z.literal("on", { error: TERMS_REQUIRED_MESSAGE }),
}).superRefine((buyer, ctx) => {
  if (buyer.buyerType === "business" && !buyer.company) {
    ctx.addIssue({ code: "custom", path: ["company"], message: BUSINESS_NAME_REQUIRED_MESSAGE });
  }
  // Canada's tax depends on the province; a US state is recorded for state registrations.
  if (needsSubdivision(buyer.country) && !subdivisionOf(buyer.country, buyer.subdivision)) {
    ctx.addIssue({
      code: "custom",
      path: ["subdivision"],
      message: subdivisionMissingMessage(buyer.country),
    });
  }
});
export type Buyer = z.infer<typeof BuyerSchema>;
