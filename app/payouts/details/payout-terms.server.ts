import { cardPaymentEnabled, config } from "~/platform/config.server";
import type { PayoutTerms } from "./payout-terms";

export function payoutTerms(settings = config()): PayoutTerms {
  return {
    royaltyPercent: settings.ROYALTY_RATE_BPS / 100,
    refundWindowDays: settings.PAYOUT_REFUND_WINDOW_DAYS,
    thresholdCents: settings.PAYOUT_THRESHOLD_CENTS,
    stripe: cardPaymentEnabled(),
  };
}
