import { addMonths } from "~/commerce/billing/subscriptions";
import type { Billing } from "~/commerce/pricing/plans";

/**
 * How long a paid order's downloads can be used: a month for monthly billing, a year for annual
 * billing and for the one-time download packs (they have no billing period of their own; a year
 * is what the pricing page's packs are meant to cover).
 */
export const PERIOD_MONTHS: Record<Billing, number> = { monthly: 1, annual: 12, one_time: 12 };

/** `start` plus the billing period, in calendar months (31 January + 1 month = 28/29 February). */
export function periodEnd(start: Date, billing: Billing): Date {
  return addMonths(start, PERIOD_MONTHS[billing]);
}
