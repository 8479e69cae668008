import type { License } from "~/catalog/clips/attributes";
import type { Billing, OrderStatus } from "./plans";

/** The catalogue keys of commerce's labels (their English texts are plans.ts's, for staff pages and mails). */
export const LICENSE_LABEL_KEYS: Record<License, string> = {
  standard: "commerce.license.standard",
  extended: "commerce.license.extended",
};

export const BILLING_LABEL_KEYS: Record<Billing, string> = {
  one_time: "commerce.billing.oneTime",
  monthly: "commerce.billing.monthly",
  annual: "commerce.billing.annual",
};

export const ORDER_STATUS_KEYS: Record<OrderStatus, string> = {
  awaiting_payment: "commerce.orderStatus.awaitingPayment",
  paid: "commerce.orderStatus.paid",
  cancelled: "commerce.orderStatus.cancelled",
  refunded: "commerce.orderStatus.refunded",
};

export const RENEWAL_NOTICE_KEYS: Record<Exclude<Billing, "one_time">, string> = {
  monthly: "commerce.renewal.monthly",
  annual: "commerce.renewal.annual",
};

type T = (key: string, values?: Record<string, string | number>) => string;

/** A downloads count: "5 downloads", and 0 as "Unlimited downloads" (or "Unlimited" in a pack's list). */
export function downloadsLabel(t: T, downloads: number, short = false): string {
  if (downloads === 0)
    return short ? t("commerce.downloads.unlimitedShort") : t("commerce.downloads.unlimited");
  return t("commerce.downloads.count", { count: downloads });
}
