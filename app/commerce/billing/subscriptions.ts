/**
 * Pro's monthly and annual billing as subscriptions (shared by browser and server): their states,
 * the grace period after a failed renewal, and the reminder before a manual one ends.
 */
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "ended"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Who collects the renewals: Stripe Billing, or the team by hand (bank transfer) from the console. */
export const SUBSCRIPTION_PROVIDERS = ["stripe", "manual"] as const;
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];

/** A failed renewal keeps the plan usable this many days; unpaid after that, it ends. */
export const GRACE_DAYS = 7;
/** A manual subscription's buyer is reminded this many days before its period ends. */
export const REMINDER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** What the profile says of a subscription's state. */
export type SubscriptionState = "active" | "past_due" | "ending" | "ended";

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: "Active",
  past_due: "Past due",
  ending: "Cancelled at period end",
  ended: "Ended",
};

export function subscriptionState(sub: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean }) {
  if (sub.status === "ended") return "ended" as const;
  if (sub.status === "past_due") return "past_due" as const;
  return sub.cancelAtPeriodEnd ? ("ending" as const) : ("active" as const);
}

/** `start` plus whole calendar months (31 January + 1 month = 28/29 February). */
export function addMonths(start: Date, months: number): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** The months one period of a subscription's billing covers. */
export const SUBSCRIPTION_MONTHS = { monthly: 1, annual: 12 } as const;
export type SubscriptionBilling = keyof typeof SUBSCRIPTION_MONTHS;
export const isSubscriptionBilling = (billing: string): billing is SubscriptionBilling =>
  billing in SUBSCRIPTION_MONTHS;

/** A renewal's amounts: the period's price without the first order's promo, at the same VAT rate. */
export function renewalAmounts(order: { unitPriceCents: number; vatRateBps: number }) {
  const subtotalCents = order.unitPriceCents;
  const vatCents = Math.round((subtotalCents * order.vatRateBps) / 10_000);
  return {
    unitPriceCents: subtotalCents,
    subtotalCents,
    promoValueCents: 0,
    vatRateBps: order.vatRateBps,
    vatAmountCents: vatCents,
    totalCents: subtotalCents + vatCents,
  };
}

/** The same split for an amount Stripe collected, VAT included, at the subscription's rate. */
export function amountsFromTotal(totalCents: number, vatRateBps: number, unitPriceCents: number) {
  const subtotalCents = Math.round((totalCents * 10_000) / (10_000 + vatRateBps));
  return {
    unitPriceCents,
    subtotalCents,
    promoValueCents: 0,
    vatRateBps,
    vatAmountCents: totalCents - subtotalCents,
    totalCents,
  };
}

const dateFormatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A date as "23 November 2026" (UTC, so server, browser and mail agree). */
export const formatBillingDate = (value: Date | string) =>
  dateFormatter.format(typeof value === "string" ? new Date(value) : value);

/** The profile's line under a subscription: when it renews (and for how much), or when it ends. */
export const SUBSCRIPTION_TEXTS = {
  renews: (date: string, amount: string) => `Renews on ${date} · ${amount}`,
  endsOn: (date: string) => `Ends on ${date}`,
  pastDue: (date: string) => `Payment failed: update your card by ${date} to keep the plan`,
  ended: (date: string) => `Ended on ${date}`,
  manualRenewal: "Renewed by bank transfer: we email you a week before it ends.",
  portalUnavailable: "The billing portal could not be opened. Please try again in a moment.",
  noPortal: "This plan is renewed by bank transfer: write to us to change or cancel it.",
  stoppedNote: (date: string) => `It will not renew: you can use it until ${date}.`,
  renewalStopped: (date: string) => `Your plan will not renew. It ends on ${date}.`,
  renewalResumed: "Your plan keeps renewing.",
  renewalUnchangeable: "This plan's renewal cannot be changed here: write to us.",
} as const;

/** Said wherever Pro is bought: it renews (shown under the billing period at checkout). */
export const RENEWAL_NOTICE = {
  monthly: "A subscription, billed again every month until you cancel it.",
  annual: "A subscription, billed again every year until you cancel it.",
} as const;

/** The profile's buttons that stop a manual subscription's renewal, or take that back. */
export const RENEWAL_BUTTONS = {
  stop: "Stop renewal",
  resume: "Keep renewing",
} as const;

/** How far ahead the staff list of subscriptions puts renewals due first. */
export const RENEWALS_DUE_DAYS = 14;
