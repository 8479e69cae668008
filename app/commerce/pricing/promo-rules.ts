import type { PromoRefusal } from "../checkout/checkout-schema";
import type { PromoTerms } from "./pricing-math";

export type PromoCheck =
  | { ok: true; code: string; terms: PromoTerms }
  | { ok: false; code: string; reason: PromoRefusal };

/** What an active promo code row needs to be judged; null: no active code by that name. */
export interface PromoRow {
  type: PromoTerms["type"];
  value: number;
  expiresAt: Date | null;
  maxUses: number | null;
  usesCount: number;
}

/**
 * Whether a code grants a discount at `now`. Inactive and unknown codes read the same ('Invalid
 * promo code') so a guesser learns nothing from the difference. The use limit is advisory here;
 * placing the order counts the use atomically.
 */
export function promoVerdict(code: string, promo: PromoRow | null, now: Date): PromoCheck {
  if (!promo) return { ok: false, code, reason: "invalid" };
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime())
    return { ok: false, code, reason: "expired" };
  if (promo.maxUses !== null && promo.usesCount >= promo.maxUses)
    return { ok: false, code, reason: "used_up" };
  return { ok: true, code, terms: { type: promo.type, value: promo.value } };
}
