/** The full refund's choice to end the order's subscription with it, read by the page and the server. */
export const REFUND_SUBSCRIPTION_TEXTS = {
  stripeGoesOn: "Unless you tick the box below, its subscription goes on: Stripe bills the next period.",
  manualGoesOn:
    "Unless you tick the box below, its subscription goes on until its period ends and can be renewed by hand.",
  cancel: "Also cancel the subscription",
  stripeHint:
    "Stripe cancels it now: no further period is billed, and the plan's downloads end today. The buyer is mailed.",
  manualHint: "It ends now: it is not renewed, and the plan's downloads end today. The buyer is mailed.",
  notCancelled:
    "The order is refunded, but Stripe could not be reached to cancel the subscription. Submit again to cancel it; the order is not refunded twice.",
  cancelled: " Its subscription is cancelled.",
} as const;
