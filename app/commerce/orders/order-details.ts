import { countryName } from "~/payments/countries";
import type { BuyerType } from "~/payments/tax";
import { formatDate } from "~/platform/text/dates";
import { payableByOf } from "../checkout/payment-instructions";
import type { OrderStatus } from "../pricing/plans";

/** One labelled line of the order page's billing details or dates; `key` names it for tests. */
export interface DetailRow {
  key: string;
  label: string;
  value: string;
}

export const BUYER_TYPE_NAMES: Record<BuyerType, string> = { individual: "Individual", business: "Business" };

interface BilledOrder {
  buyerType: BuyerType;
  buyerName: string | null;
  company: string | null;
  email: string;
  addressLine: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  vatNumber: string | null;
}

/**
 * Who the order is billed to, as its invoice will print it; lines the buyer left empty are left out.
 * The country is named in `locale` (a page's language; English by default).
 */
export function billingRowsOf(order: BilledOrder, locale = "en"): DetailRow[] {
  const place = [order.postalCode, order.city].filter(Boolean).join(" ");
  const rows: (DetailRow | null)[] = [
    { key: "buyer-type", label: "Buying as", value: BUYER_TYPE_NAMES[order.buyerType] },
    order.company ? { key: "company", label: "Company", value: order.company } : null,
    order.buyerName ? { key: "name", label: "Name", value: order.buyerName } : null,
    { key: "email", label: "Email", value: order.email },
    order.addressLine ? { key: "address", label: "Address", value: order.addressLine } : null,
    place ? { key: "place", label: "Postal code and city", value: place } : null,
    { key: "country", label: "Country", value: countryName(order.country, locale) },
    order.vatNumber ? { key: "vat-number", label: "VAT number", value: order.vatNumber } : null,
  ];
  return rows.filter((row) => row !== null);
}

interface DatedOrder {
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
  closedAt: Date | null;
}

/**
 * The order's dates: placed; payable by while it waits (the day the expiry job cancels it); paid;
 * and how it ended (cancelled, refunded) or the last part refund's credit note.
 */
export function dateRowsOf(
  order: DatedOrder,
  expiryDays: number,
  lastCreditNoteAt: Date | null,
  /** How a date reads (a page formats it in its language). */
  formatDay: (date: Date) => string = formatDate,
): DetailRow[] {
  const rows: DetailRow[] = [{ key: "placed", label: "Placed", value: formatDay(order.createdAt) }];
  if (order.status === "awaiting_payment") {
    rows.push({ key: "payable-by", label: "Payable by", value: formatDay(payableByOf(order, expiryDays)) });
  }
  if (order.paidAt) rows.push({ key: "paid", label: "Paid", value: formatDay(order.paidAt) });
  if (order.status === "refunded" && order.closedAt) {
    rows.push({ key: "refunded", label: "Refunded", value: formatDay(order.closedAt) });
  } else if (order.status === "cancelled" && order.closedAt) {
    rows.push({ key: "cancelled", label: "Cancelled", value: formatDay(order.closedAt) });
  } else if (lastCreditNoteAt) {
    rows.push({ key: "part-refunded", label: "Part refunded", value: formatDay(lastCreditNoteAt) });
  }
  return rows;
}
