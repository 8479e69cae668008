import type { License } from "~/catalog/clips/attributes";
import type { Currency } from "~/payments/currencies";

/** Plan categories, billing periods and promo types shared by client and server. */
export const PLAN_CATEGORIES = ["creator", "business", "pro"] as const;
export const BILLINGS = ["one_time", "monthly", "annual"] as const;
export const PROMO_TYPES = ["percent", "fixed"] as const;
/** An order's life: placed, then paid (or cancelled); a paid order may be refunded. */
export const ORDER_STATUSES = ["awaiting_payment", "paid", "cancelled", "refunded"] as const;

export type PlanCategory = (typeof PLAN_CATEGORIES)[number];
export type Billing = (typeof BILLINGS)[number];
export type PromoType = (typeof PROMO_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** Pro is a subscription (monthly or annual); the download packs are one-time purchases. */
export function billingsFor(category: PlanCategory): readonly Billing[] {
  return category === "pro" ? (["monthly", "annual"] as const) : (["one_time"] as const);
}

/** A plan as the pricing page shows it (safe for the browser). */
export interface PlanView {
  category: PlanCategory;
  title: string;
  badge: string | null;
  licenseKind: License;
  subtitle: string;
  perks: string[];
  /**
   * `priceCents` is in `currency`'s minor units (the euro when not given); `prices` holds the
   * tier's prices in other currencies as read, before `planInCurrency` picks the visitor's.
   */
  tiers: {
    id: number;
    downloads: number;
    priceCents: number;
    currency?: Currency;
    prices?: Partial<Record<Currency, number>>;
  }[];
}

/**
 * A plan as a visitor paying in `currency` sees it: each tier at its price in that currency, or in
 * euros when it has none (not sold in it: the page says prices fall back to euros).
 */
export function planInCurrency(plan: PlanView, currency: Currency): PlanView {
  return {
    ...plan,
    tiers: plan.tiers.map(({ prices, ...tier }) => {
      const price = currency === "EUR" ? undefined : prices?.[currency];
      return price === undefined ? { ...tier, currency: "EUR" } : { ...tier, priceCents: price, currency };
    }),
  };
}

/** The plan, tier and billing chosen on /pricing, kept for the browser session. */
export interface CheckoutSelection {
  category: PlanCategory;
  tierId: number;
  billing: Billing;
  title: string;
  license: License;
  downloads: number;
  /** The price shown when chosen; the server recomputes it at every step. */
  priceCents: number;
  /** What the checkout is priced in: the visitor's currency, or the euro when the tier has no price in it. */
  currency?: Currency;
}

export const BILLING_LABELS: Record<Billing, string> = {
  one_time: "One-time purchase",
  monthly: "Billed monthly",
  annual: "Billed annually",
};
export const LICENSE_LABELS: Record<License, string> = {
  standard: "Standard license",
  extended: "Extended license",
};

const CATEGORY_NAMES: Record<PlanCategory, string> = { creator: "Creator", business: "Business", pro: "Pro" };

/** A plan as a buyer bought it, for statements and lists: "Pro · Billed monthly". */
export function planName(order: { planCategory: PlanCategory; billing: Billing }) {
  return `${CATEGORY_NAMES[order.planCategory]} · ${BILLING_LABELS[order.billing]}`;
}
