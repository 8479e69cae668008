import { z } from "zod";
import { type Currency, minorUnitDigits } from "~/payments/currencies";
import { noControlChars } from "~/platform/text/text";

/** The staff forms for plans and tiers (client and server). */
export const PLAN_TITLE_MAX = 80;
export const PLAN_BADGE_MAX = 40;
export const PLAN_SUBTITLE_MAX = 200;
export const PLAN_PERKS_MAX = 12;
export const PLAN_PERK_MAX = 120;
export const TIER_DOWNLOADS_MAX = 100_000;
export const TIER_PRICE_MAX_CENTS = 10_000_000;
export const DISPLAY_ORDER_MAX = 1_000;

export const PLAN_ADMIN_TEXTS = {
  titleRequired: `A title of 1 to ${PLAN_TITLE_MAX} characters.`,
  badgeTooLong: `A badge is at most ${PLAN_BADGE_MAX} characters (empty for none).`,
  subtitleRequired: `A subtitle of 1 to ${PLAN_SUBTITLE_MAX} characters.`,
  perks: `Up to ${PLAN_PERKS_MAX} perks, one a line, each at most ${PLAN_PERK_MAX} characters.`,
  displayOrder: `Display order is a whole number from 0 to ${DISPLAY_ORDER_MAX}.`,
  downloads: `Downloads is a whole number from 0 (unlimited) to ${TIER_DOWNLOADS_MAX.toLocaleString("en")}.`,
  price: `The price is a whole number of cents from 0 to ${TIER_PRICE_MAX_CENTS.toLocaleString("en")}.`,
  downloadsTaken: "This plan already has a tier with that number of downloads.",
  lastTier: "A plan keeps at least one tier; deactivate the plan instead.",
  controlChars: "The text contains characters we cannot accept.",
} as const;

/** What the staff plans page says when the plan service refuses a change, by its reason. */
export const PLAN_ADMIN_REFUSALS = {
  downloads_taken: PLAN_ADMIN_TEXTS.downloadsTaken,
  last_tier: PLAN_ADMIN_TEXTS.lastTier,
} as const;
export type PlanAdminRefusal = keyof typeof PLAN_ADMIN_REFUSALS;

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .refine(noControlChars, PLAN_ADMIN_TEXTS.controlChars);

export const PlanFormSchema = z.object({
  title: text(PLAN_TITLE_MAX, PLAN_ADMIN_TEXTS.titleRequired),
  badge: z
    .string()
    .trim()
    .max(PLAN_BADGE_MAX, PLAN_ADMIN_TEXTS.badgeTooLong)
    .refine(noControlChars, PLAN_ADMIN_TEXTS.controlChars)
    .optional()
    .transform((badge) => badge || null),
  subtitle: text(PLAN_SUBTITLE_MAX, PLAN_ADMIN_TEXTS.subtitleRequired),
  perks: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(/\r?\n/)
        .map((perk) => perk.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(PLAN_PERK_MAX, PLAN_ADMIN_TEXTS.perks)
            .refine(noControlChars, PLAN_ADMIN_TEXTS.controlChars),
        )
        .max(PLAN_PERKS_MAX, PLAN_ADMIN_TEXTS.perks),
    ),
  isActive: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  displayOrder: wholeNumber(0, DISPLAY_ORDER_MAX, PLAN_ADMIN_TEXTS.displayOrder),
});
export type PlanForm = z.infer<typeof PlanFormSchema>;

export const TierFormSchema = z.object({
  downloads: wholeNumber(0, TIER_DOWNLOADS_MAX, PLAN_ADMIN_TEXTS.downloads),
  priceCents: wholeNumber(0, TIER_PRICE_MAX_CENTS, PLAN_ADMIN_TEXTS.price),
  displayOrder: wholeNumber(0, DISPLAY_ORDER_MAX, PLAN_ADMIN_TEXTS.displayOrder),
});
export type TierForm = z.infer<typeof TierFormSchema>;

/** The currencies a tier has its own price in; the euro price is the tier's (decision 0026). */
export const TIER_PRICE_CURRENCIES = ["USD", "GBP", "CHF", "JPY"] as const satisfies readonly Currency[];
export type TierPriceCurrency = (typeof TIER_PRICE_CURRENCIES)[number];
/** The highest price in any currency's minor units: ¥100,000,000 or 1,000,000.00 of the others. */
export const TIER_PRICE_MAX_MINOR = 100_000_000;

export const tierPriceMessage = (currency: TierPriceCurrency) =>
  minorUnitDigits(currency) === 0
    ? `The ${currency} price is a whole number of yen up to ${TIER_PRICE_MAX_MINOR.toLocaleString("en")} (empty: not sold in ${currency}).`
    : `The ${currency} price is an amount such as 99 or 99.50, up to ${(TIER_PRICE_MAX_MINOR / 100).toLocaleString("en")} (empty: not sold in ${currency}).`;

/** An amount typed in the currency's major units ("99", "99.50", "16300") as minor units; empty is null. */
function minorUnitsField(currency: TierPriceCurrency) {
  const message = tierPriceMessage(currency);
  const pattern = minorUnitDigits(currency) === 0 ? /^\d{1,9}$/ : /^\d{1,7}(\.\d{1,2})?$/;
  return z
    .string({ error: message })
    .trim()
    .max(12, message)
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      if (!pattern.test(value)) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const [whole = "0", fraction = ""] = value.split(".");
      const minor =
        minorUnitDigits(currency) === 0
          ? Number(whole)
          : Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
      if (minor > TIER_PRICE_MAX_MINOR) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return minor;
    });
}

/** A tier's prices in the other currencies, one field each (`price_USD`, …). */
export const TierPricesFormSchema = z
  .object(
    Object.fromEntries(
      TIER_PRICE_CURRENCIES.map((currency) => [`price_${currency}`, minorUnitsField(currency)]),
    ),
  )
  .transform(
    (fields) =>
      Object.fromEntries(
        TIER_PRICE_CURRENCIES.map((currency) => [currency, fields[`price_${currency}`] ?? null]),
      ) as Record<TierPriceCurrency, number | null>,
  );
export type TierPricesForm = z.infer<typeof TierPricesFormSchema>;
