import { TIER_PRICE_MAX_CENTS, TierFormSchema } from "~/commerce/pricing/plan-admin";
import { PROMO_FIXED_MAX_CENTS } from "~/commerce/pricing/promo-admin";
import { eurosField, eurosMessage } from "./money";

/** What the console says about amounts typed in euros (commerce's own schemas count in cents). */
export const MONEY_TEXTS = {
  tierPrice: eurosMessage("The price", 0, TIER_PRICE_MAX_CENTS),
  promoFixed: eurosMessage("A fixed discount", 1, PROMO_FIXED_MAX_CENTS),
} as const;

/** A tier as the plans page sends it: the price in euros (`price`), read as commerce's `priceCents`. */
export const TierInEurosSchema = TierFormSchema.omit({ priceCents: true })
  .extend({ price: eurosField("The price", 0, TIER_PRICE_MAX_CENTS) })
  .transform(({ price, ...tier }) => ({ ...tier, priceCents: price }));
