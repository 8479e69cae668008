import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { logger } from "~/platform/logger.server";
import { normalizePromoCode, PROMO_CODE_MAX } from "../checkout/checkout-schema";
import { findActivePromoCode } from "./plan.queries.server";
import { type PromoCheck, promoVerdict } from "./promo-rules";

export type { PromoCheck } from "./promo-rules";

/** Whether a code grants a discount right now (promo-rules.ts judges it). */
export async function checkPromoCode(rawCode: string, now = new Date()): Promise<PromoCheck> {
  const code = normalizePromoCode(rawCode);
  if (code.length === 0 || code.length > PROMO_CODE_MAX) {
    return { ok: false, code, reason: "invalid" };
  }
  try {
    return promoVerdict(code, await findActivePromoCode(code), now);
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
