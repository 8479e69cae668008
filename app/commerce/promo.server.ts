import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { normalizePromoCode, PROMO_CODE_MAX, type PromoRefusal } from "./checkout-schema";
import { findActivePromoCode } from "./plan.queries.server";
import type { PromoTerms } from "./pricing-math";

export type PromoCheck =
  | { ok: true; code: string; terms: PromoTerms }
  | { ok: false; code: string; reason: PromoRefusal };

/**
 * Whether a code grants a discount right now. Inactive and unknown codes read the same
 * ('Invalid promo code') so a guesser learns nothing from the difference.
 */
export async function checkPromoCode(rawCode: string, now = new Date()): Promise<PromoCheck> {
  const code = normalizePromoCode(rawCode);
  if (code.length === 0 || code.length > PROMO_CODE_MAX) {
    return { ok: false, code, reason: "invalid" };
  }
  try {
    const promo = await findActivePromoCode(code);
    if (!promo) return { ok: false, code, reason: "invalid" };
    if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) {
      return { ok: false, code, reason: "expired" };
    }
    // Advisory here; placing the order counts the use atomically.
    if (promo.maxUses !== null && promo.usesCount >= promo.maxUses) {
      return { ok: false, code, reason: "used_up" };
    }
    return { ok: true, code, terms: { type: promo.type, value: promo.value } };
  } catch (error) {
    logger.error({ err: error, code }, "promo code lookup failed");
    return { ok: false, code, reason: "lookup_failed" };
  }
}

/** A lookup the buyer asked for (Apply): counted against the client's rate limit first. */
export async function lookUpPromoCode(
  rawCode: string,
  clientIp: string,
  now = new Date(),
): Promise<PromoCheck> {
  const code = normalizePromoCode(rawCode);
  try {
    const limit = await enforceRateLimit("promo_lookup", { ip: clientIp });
    if (!limit.allowed) return { ok: false, code, reason: "rate_limited" };
  } catch (error) {
    logger.error({ err: error }, "promo rate limit check failed");
    return { ok: false, code, reason: "lookup_failed" };
  }
  return checkPromoCode(code, now);
}
