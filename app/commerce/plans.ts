/** Plan categories, billing periods and promo types shared by client and server. */
export const PLAN_CATEGORIES = ["creator", "business", "pro"] as const;
export const BILLINGS = ["one_time", "monthly", "annual"] as const;
export const PROMO_TYPES = ["percent", "fixed"] as const;

export type PlanCategory = (typeof PLAN_CATEGORIES)[number];
export type Billing = (typeof BILLINGS)[number];
export type PromoType = (typeof PROMO_TYPES)[number];
