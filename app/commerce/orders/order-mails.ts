import { PRODUCT_NAME, SUPPORT_EMAIL } from "~/constants";
import { formatMoney } from "~/payments/money";
import { isStripePayment } from "~/payments/payment-reference";
import type { TaxReason } from "~/payments/tax";
import type { I18n } from "~/platform/i18n/i18n";
import { paymentInLanguage } from "../checkout/payment-in-language";
import { type PaymentSettings, paymentInstructionsFor } from "../checkout/payment-instructions";
import { rateIn, taxNameIn } from "../locale-format";
import { BILLING_LABEL_KEYS, downloadsLabel, LICENSE_LABEL_KEYS } from "../pricing/plan-labels";
import { registerOf } from "../pricing/vat-confirmation";
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
 * The catalogues an order mail is written from: its own (server-only) and the pages' commerce terms
 * (licence and billing names, the VAT check's notices), so a mail says what the checkout said.
 */
export const ORDER_MAIL_NAMESPACES = ["commerce-mail", "commerce"] as const;

/**
 * The buyer's mail about one step of their order, in the language of `i18n` (a translator of
 * ORDER_MAIL_NAMESPACES in the buyer's language: order-mail-queue.server.ts decides it). The
 * lifecycle queues it in the transition's own transaction, so it goes out exactly when the change
 * commits (a replayed webhook mails nothing).
 */
export function orderMail(
  order: Order,
  step: OrderMailStep,
  settings: OrderMailSettings,
  i18n: I18n,
  refund?: OrderRefund,
) {
  const number = shortOrderId(order.id);
  const mail = new MailText(order, settings, i18n);
  const { subject, lines } = MAILS[step](mail, refund);
  return {
    to: order.email,
    subject: i18n.t("commerce-mail.order.subject", { product: PRODUCT_NAME, number, subject }),
    text: [...lines, "", i18n.t("commerce-mail.order.footer", { email: SUPPORT_EMAIL, number })].join("\n"),
  };
}

/**
 * The reason an order without VAT has none, as its plan line says it. English keeps what the mails
 * said before they were translated ("no VAT: reverse charge": the staff label, lowercased).
 */
const NO_TAX_KEYS: Record<TaxReason, string> = {
  domestic: "commerce-mail.tax.none.domestic",
  eu_consumer: "commerce-mail.tax.none.euConsumer",
  reverse_charge: "commerce-mail.tax.none.reverseCharge",
  export: "commerce-mail.tax.none.export",
  foreign_consumer: "commerce-mail.tax.none.foreignConsumer",
  foreign_business: "commerce-mail.tax.none.foreignBusiness",
  not_registered: "commerce-mail.tax.none.notRegistered",
};

/** One order's facts as a mail in one language words them. */
class MailText {
  readonly number: string;
  constructor(
    readonly order: Order,
    readonly settings: OrderMailSettings,
    readonly i18n: I18n,
  ) {
    this.number = shortOrderId(order.id);
  }

  t(key: string, values?: Record<string, string | number>) {
    return this.i18n.t(key, values);
  }

  /** Sentences of one paragraph: Japanese sets them without a space between. */
  sentences(...parts: string[]) {
    return parts.filter(Boolean).join(this.i18n.locale === "ja" ? "" : " ");
  }

  /** An amount of the order: English in the order's locale (as before), another language in its own. */
  money(cents: number) {
    const { tag } = this.i18n;
    return formatMoney(cents, tag === "en" ? this.order.locale : tag, this.order.currency);
  }

  /** A site page's address in the mail's language (`/de/pricing`); files keep theirs. */
  url(path: string) {
    return `${this.settings.PUBLIC_URL}${this.i18n.path(path)}`;
  }

  planLine() {
    const { order } = this;
    return this.t("commerce-mail.order.planLine", {
      license: this.t(LICENSE_LABEL_KEYS[order.licenseKind]),
      downloads: downloadsLabel((key, values) => this.t(key, values), order.downloads, true),
      billing: this.t(BILLING_LABEL_KEYS[order.billing]),
      total: this.money(order.totalCents),
      tax: this.taxLine(),
    });
  }

  taxLine() {
    const { order } = this;
    if (order.vatRateBps > 0) {
      const tax = taxNameIn(
        { vat: this.t("commerce-mail.tax.vat"), consumptionTax: this.t("commerce-mail.tax.consumptionTax") },
        order,
      );
      return this.t("commerce-mail.tax.included", { tax, rate: rateIn(this.i18n.tag, order.vatRateBps) });
    }
    return this.t(NO_TAX_KEYS[order.taxReason]);
  }

  /** Why an order with a VAT number includes VAT: its check was not confirmed when it was placed. */
  vatCheckLines() {
    const { vatNumber, vatCheckStatus: status } = this.order;
    if (!vatNumber || (status !== "pending" && status !== "unavailable")) return [];
    const register =
      registerOf(vatNumber) === "HMRC"
        ? this.t("commerce.vat.registerHmrc")
        : this.t("commerce.vat.registerVies");
    return [
      "",
      status === "pending"
        ? this.t("commerce.vat.pending", { vatNumber, register })
        : this.t("commerce.vat.unavailable", { vatNumber, register }),
    ];
  }

  /** How to pay by bank transfer, a line each, the amount in the mail's language. */
  paymentLines() {
    const { order, settings } = this;
    const instructions = paymentInLanguage(paymentInstructionsFor(order, settings), order, this.i18n)!;
    return [
      this.t("commerce-mail.payment.amount", { amount: instructions.amount }),
      this.t("commerce-mail.payment.reference", { reference: instructions.reference }),
      this.t("commerce-mail.payment.accountHolder", { value: instructions.accountHolder }),
      this.t("commerce-mail.payment.bank", { value: instructions.bank }),
      this.t("commerce-mail.payment.iban", { value: instructions.iban }),
      this.t("commerce-mail.payment.bic", { value: instructions.bic }),
      ...(instructions.currencyNote ? [instructions.currencyNote] : []),
    ];
  }

  /** What went back and how: the refund's own amount (the rest of an order a part refund began). */
  refundSentence(refund?: OrderRefund) {
    const amount = this.money(refund?.amountCents ?? this.order.totalCents);
    return isStripePayment(this.order.paymentReference)
      ? this.t("commerce-mail.refund.card", { amount })
      : this.t("commerce-mail.refund.transfer", { amount });
  }

  creditNoteUrl(refund?: OrderRefund) {
    return `${this.settings.PUBLIC_URL}${creditNotePath(this.order.id, refund?.creditNoteNumber)}`;
  }

  thanks() {
    return this.t("commerce-mail.placed.thanks", { number: this.number });
  }

  licensesEnded() {
    return this.t("commerce-mail.licensesEnded");
  }

  choosePlanAgain() {
    return this.t("commerce-mail.choosePlanAgain", { url: this.url("/pricing") });
  }
}

type MailOf = (mail: MailText, refund?: OrderRefund) => { subject: string; lines: string[] };

const MAILS: Record<OrderMailStep, MailOf> = {
  placed: (mail) =>
    mail.settings.STRIPE_SECRET_KEY
      ? {
          subject: mail.t("commerce-mail.placed.cardSubject"),
          lines: [
            mail.thanks(),
            mail.planLine(),
            ...mail.vatCheckLines(),
            "",
            mail.t("commerce-mail.placed.cardNext"),
          ],
        }
      : {
          subject: mail.t("commerce-mail.placed.transferSubject"),
          lines: [
            mail.thanks(),
            mail.planLine(),
            ...mail.vatCheckLines(),
            "",
            mail.t("commerce-mail.placed.payByTransfer"),
            ...mail.paymentLines(),
            "",
            mail.t("commerce-mail.placed.transferNext"),
            mail.t("commerce-mail.placed.held", { days: mail.settings.ORDER_EXPIRY_DAYS }),
          ],
        },
  paid: (mail) => ({
    subject: mail.t("commerce-mail.paid.subject"),
    lines: [
      mail.t("commerce-mail.paid.received", {
        amount: mail.money(mail.order.totalCents),
        number: mail.number,
      }),
      mail.planLine(),
      "",
      mail.t("commerce-mail.paid.downloads"),
      mail.t("commerce-mail.invoiceLink", {
        url: `${mail.settings.PUBLIC_URL}${invoicePath(mail.order.id)}`,
      }),
    ],
  }),
  cancelled: (mail, refund) => ({
    subject: mail.t("commerce-mail.cancelled.subject"),
    lines: [
      mail.t("commerce-mail.cancelled.lead", { number: mail.number }),
      mail.order.paidAt
        ? mail.sentences(
            mail.licensesEnded(),
            mail.refundSentence(refund),
            mail.t("commerce-mail.creditNoteLink", { url: mail.creditNoteUrl(refund) }),
          )
        : mail.t("commerce-mail.nothingDue"),
    ],
  }),
  refunded: (mail, refund) => ({
    subject: mail.t("commerce-mail.refunded.subject"),
    lines: [
      mail.sentences(
        mail.t("commerce-mail.refunded.lead", { number: mail.number }),
        mail.refundSentence(refund),
      ),
      mail.licensesEnded(),
      mail.t("commerce-mail.creditNoteLink", { url: mail.creditNoteUrl(refund) }),
    ],
  }),
  part_refunded: (mail, refund) => ({
    subject: mail.t("commerce-mail.partRefunded.subject"),
    lines: [
      mail.sentences(
        mail.t("commerce-mail.partRefunded.lead", { number: mail.number }),
        mail.refundSentence(refund),
      ),
      mail.t("commerce-mail.partRefunded.unchanged"),
      mail.t("commerce-mail.creditNoteLink", { url: mail.creditNoteUrl(refund) }),
    ],
  }),
  late_payment_refunded: (mail) => ({
    subject: mail.t("commerce-mail.latePayment.subject"),
    lines: [
      mail.t("commerce-mail.latePayment.lead", {
        amount: mail.money(mail.order.totalCents),
        number: mail.number,
      }),
      mail.t("commerce-mail.latePayment.backToCard"),
      mail.choosePlanAgain(),
    ],
  }),
  // A VAT number confirmed after the order was priced with VAT (vat-corrections.server.ts): an
  // unpaid order was re-priced without VAT; a paid one got its VAT back with a credit note.
  vat_number_confirmed: (mail, refund) => {
    const { order } = mail;
    const facts = { vatNumber: order.vatNumber ?? "", number: mail.number };
    return {
      subject: mail.t("commerce-mail.vatConfirmed.subject"),
      lines: [
        order.vatConsultationNumber
          ? mail.t("commerce-mail.vatConfirmed.leadWithConsultation", {
              ...facts,
              consultationNumber: order.vatConsultationNumber,
            })
          : mail.t("commerce-mail.vatConfirmed.lead", facts),
        ...(refund
          ? [
              mail.sentences(mail.t("commerce-mail.vatConfirmed.refunded"), mail.refundSentence(refund)),
              mail.t("commerce-mail.vatConfirmed.creditNoteLink", { url: mail.creditNoteUrl(refund) }),
            ]
          : [mail.t("commerce-mail.vatConfirmed.newTotal", { amount: mail.money(order.totalCents) })]),
      ],
    };
  },
  expired: (mail) => ({
    subject: mail.t("commerce-mail.expired.subject"),
    lines: [
      mail.t("commerce-mail.expired.lead", { number: mail.number, days: mail.settings.ORDER_EXPIRY_DAYS }),
      mail.t("commerce-mail.expired.nothingDue"),
      mail.choosePlanAgain(),
    ],
  }),
};
