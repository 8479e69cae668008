import { PRODUCT_NAME, SUPPORT_EMAIL } from "~/constants";
import { formatDownloads, formatMoney, formatRate } from "~/payments/money";
import { isStripePayment } from "~/payments/payment-reference";
import { TAX_REASON_LABELS, taxLineLabel } from "~/payments/tax";
import {
  type PaymentSettings,
  paymentInstructionLines,
  paymentInstructionsFor,
} from "../checkout/payment-instructions";
import { BILLING_LABELS, LICENSE_LABELS } from "../pricing/plans";
import { vatCheckNotice } from "../pricing/vat-confirmation";
import type { Order } from "./order.queries.server";
import { creditNotePath, invoicePath, shortOrderId } from "./order-id";

/** The steps of an order the buyer is mailed about. */
export type OrderMailStep =
  | "placed"
  | "paid"
  | "cancelled"
  | "refunded"
  | "part_refunded"
  | "expired"
  | "late_payment_refunded"
  | "vat_number_confirmed";

/** Money a step gave back, and the credit note that documents it (docs/decisions/0024). */
export interface OrderRefund {
  amountCents: number;
  creditNoteNumber: number;
}

/** What the order mails need of the settings (passed in: this file only writes text). */
export interface OrderMailSettings extends PaymentSettings {
  PUBLIC_URL: string;
  ORDER_EXPIRY_DAYS: number;
}

/**
 * The buyer's mail about one step of their order. The lifecycle queues it in the transition's own
 * transaction, so it goes out exactly when the change commits (a replayed webhook mails nothing).
 */
export function orderMail(
  order: Order,
  step: OrderMailStep,
  settings: OrderMailSettings,
  refund?: OrderRefund,
) {
  const number = shortOrderId(order.id);
  const { subject, lines } = MAILS[step](order, settings, refund);
  return {
    to: order.email,
    subject: `${PRODUCT_NAME} order ${number}: ${subject}`,
    text: [...lines, "", `Questions? Write to ${SUPPORT_EMAIL} and quote order ${number}.`].join("\n"),
  };
}

const planLine = (order: Order) =>
  `${LICENSE_LABELS[order.licenseKind]}, ${formatDownloads(order.downloads)}, ${BILLING_LABELS[order.billing]}: ${formatMoney(order.totalCents, order.locale, order.currency)} (${taxLine(order)})`;

/** Why an order with a VAT number includes VAT: its check was not confirmed when it was placed. */
const vatCheckLines = (order: Order) =>
  order.vatNumber && (order.vatCheckStatus === "pending" || order.vatCheckStatus === "unavailable")
    ? ["", vatCheckNotice(order.vatNumber, order.vatCheckStatus)]
    : [];

const taxLine = (order: Order) => {
  if (order.vatRateBps > 0) {
    return `${taxLineLabel(order.taxReason, order.country, order.taxSubdivision)} ${formatRate(order.vatRateBps)} included`;
  }
  const label = TAX_REASON_LABELS[order.taxReason];
  // Lowercased at its start only: "business outside the EU".
  return `no VAT: ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
};

type MailOf = (
  order: Order,
  settings: OrderMailSettings,
  refund?: OrderRefund,
) => { subject: string; lines: string[] };

const MAILS: Record<OrderMailStep, MailOf> = {
  placed: (order, settings) =>
    settings.STRIPE_SECRET_KEY
      ? {
          subject: "awaiting card payment",
          lines: [
            `Thank you for your order ${shortOrderId(order.id)}.`,
            planLine(order),
            ...vatCheckLines(order),
            "",
            "Complete the card payment on the checkout page; we email your receipt as soon as Stripe confirms it.",
          ],
        }
      : {
          subject: "payment instructions",
          lines: [
            `Thank you for your order ${shortOrderId(order.id)}.`,
            planLine(order),
            ...vatCheckLines(order),
            "",
            "Please pay by bank transfer:",
            ...paymentInstructionLines(paymentInstructionsFor(order, settings)),
            "",
            "As soon as the payment arrives we mark the order paid, email your receipt, and your downloads become available.",
            `We hold the order for ${settings.ORDER_EXPIRY_DAYS} days; unpaid after that, it is cancelled.`,
          ],
        },
  paid: (order, settings) => ({
    subject: "payment received",
    lines: [
      `We received ${formatMoney(order.totalCents, order.locale, order.currency)} for order ${shortOrderId(order.id)}. Thank you!`,
      planLine(order),
      "",
      "Your downloads are ready: sign in with this address and press Download on any clip.",
      `Your invoice: ${settings.PUBLIC_URL}${invoicePath(order.id)}`,
    ],
  }),
  cancelled: (order, settings, refund) => ({
    subject: "cancelled",
    lines: [
      `Your order ${shortOrderId(order.id)} was cancelled.`,
      order.paidAt
        ? `Its unused downloads have ended, and so have the licenses made with them: the clips may no longer be used under them.${refundLine(order, refund)} Your credit note: ${creditNoteUrl(order, settings, refund)}`
        : "No payment is due for it.",
    ],
  }),
  refunded: (order, settings, refund) => ({
    subject: "refunded",
    lines: [
      `Your order ${shortOrderId(order.id)} was refunded.${refundLine(order, refund)}`,
      "Its unused downloads have ended, and so have the licenses made with them: the clips may no longer be used under them.",
      `Your credit note: ${creditNoteUrl(order, settings, refund)}`,
    ],
  }),
  part_refunded: (order, settings, refund) => ({
    subject: "part refunded",
    lines: [
      `We refunded part of your order ${shortOrderId(order.id)}.${refundLine(order, refund)}`,
      "The order and its downloads stay as they were.",
      `Your credit note: ${creditNoteUrl(order, settings, refund)}`,
    ],
  }),
  late_payment_refunded: (order, settings) => ({
    subject: "payment refunded",
    lines: [
      `A card payment of ${formatMoney(order.totalCents, order.locale, order.currency)} reached us for order ${shortOrderId(order.id)} after the order was cancelled, so we refunded it in full.`,
      "It goes back to your card within 5 to 10 days; nothing is charged for this order.",
      `To license footage, choose a plan again: ${settings.PUBLIC_URL}/pricing`,
    ],
  }),
  // A VAT number confirmed after the order was priced with VAT (vat-corrections.server.ts): an
  // unpaid order was re-priced without VAT; a paid one got its VAT back with a credit note.
  vat_number_confirmed: (order, settings, refund) => ({
    subject: "VAT number confirmed",
    lines: [
      `Your VAT number ${order.vatNumber} is confirmed${order.vatConsultationNumber ? ` (consultation number ${order.vatConsultationNumber})` : ""}, so order ${shortOrderId(order.id)} is a reverse charge: your business accounts for the VAT.`,
      ...(refund
        ? [
            `The VAT it included is refunded.${refundLine(order, refund)}`,
            `Your credit note for the VAT: ${creditNoteUrl(order, settings, refund)}`,
          ]
        : [
            `The order now costs ${formatMoney(order.totalCents, order.locale, order.currency)}, without VAT: please pay that amount.`,
          ]),
    ],
  }),
  expired: (order, settings) => ({
    subject: "expired",
    lines: [
      `Your order ${shortOrderId(order.id)} was not paid within ${settings.ORDER_EXPIRY_DAYS} days, so we cancelled it.`,
      "No payment is due for it. A promo code it used can be used again.",
      `To license footage, choose a plan again: ${settings.PUBLIC_URL}/pricing`,
    ],
  }),
};

/** What went back and how: the refund's own amount (the rest of an order a part refund began). */
function refundLine(order: Order, refund?: OrderRefund) {
  const amount = formatMoney(refund?.amountCents ?? order.totalCents, order.locale, order.currency);
  return isStripePayment(order.paymentReference)
    ? ` ${amount} goes back to your card within 5 to 10 days.`
    : ` We return ${amount} by bank transfer to the account your payment came from; if that account is closed, reply with the IBAN to use.`;
}

const creditNoteUrl = (order: Order, settings: OrderMailSettings, refund?: OrderRefund) =>
  `${settings.PUBLIC_URL}${creditNotePath(order.id, refund?.creditNoteNumber)}`;
