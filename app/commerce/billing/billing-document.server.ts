import { countryName } from "~/payments/countries";
import type { TaxReason } from "~/payments/tax";
import { subdivisionName } from "~/payments/taxes/subdivisions";
import { config } from "~/platform/config.server";
import type { I18n } from "~/platform/i18n/i18n";
import type { Locale } from "~/platform/i18n/locales";
import { taxNameIn } from "../locale-format";
import type { Order } from "../orders/order.queries.server";
import { planTitleIn } from "../pricing/plan-texts";
import { orderVatCheckOf } from "../pricing/vat-confirmation";
import { type BillingDocumentData, documentI18n, sentences } from "./invoice-pdf.server";

/**
 * What an order's invoice, its credit notes and its pro-forma say alike, in the document's
 * `language` (its reader's; English by default): the parties, the line, the figures (the order's
 * stored cents), the tax note. Licensing renders the invoice and credit notes with it, commerce the
 * pro-forma.
 */
export function billingDocumentOf(
  order: Order & { planTitle: string },
  language: Locale = "en",
): Omit<BillingDocumentData, "issuedAt"> {
  const settings = config();
  const i18n = documentI18n(language);
  const country = countryName(order.country, i18n.tag);
  return {
    seller: {
      name: settings.SELLER_NAME,
      address: settings.SELLER_ADDRESS,
      vatId: settings.SELLER_VAT_ID,
      email: settings.SELLER_EMAIL,
    },
    buyer: {
      name: order.buyerName,
      company: order.company,
      email: order.email,
      addressLine: order.addressLine,
      postalCode: order.postalCode,
      city: order.city,
      country: order.taxSubdivision
        ? `${subdivisionName(order.country, order.taxSubdivision)}, ${country}`
        : country,
      vatNumber: order.vatNumber,
    },
    orderId: order.id,
    line: {
      description: lineOf(order, i18n),
      billing: order.billing,
      unitPriceCents: order.subtotalCents,
    },
    promoCode: order.promoCode,
    discountCents: order.promoValueCents,
    vatRateBps: order.vatRateBps,
    vatCents: order.vatAmountCents,
    totalCents: order.totalCents,
    taxNote: sentences(i18n, [taxNoteIn(order, i18n), vatCheckNoteIn(order, i18n)]) || null,
    taxName: taxNameOf(order, i18n),
    locale: order.locale,
    language,
    currency: order.currency,
    exchange: { rate: order.eurRate, date: order.eurRateDate, source: order.eurRateSource },
  };
}

/** "Creator plan, 10 downloads, standard license": the plan's title in the language when it is the catalogue's. */
function lineOf(order: Order & { planTitle: string }, i18n: I18n) {
  const plan = planTitleIn(order.planCategory, order.planTitle, documentI18n("en"), i18n);
  return i18n.t("commerce-pdf.line.description", {
    plan,
    downloads:
      order.downloads === 0
        ? i18n.t("commerce-pdf.line.unlimited")
        : i18n.t("commerce-pdf.line.downloads", { count: order.downloads }),
    license:
      order.licenseKind === "extended"
        ? i18n.t("commerce-pdf.line.extended")
        : i18n.t("commerce-pdf.line.standard"),
  });
}

const taxNameOf = (order: Pick<Order, "taxReason" | "country" | "taxSubdivision">, i18n: I18n) =>
  taxNameIn(
    { vat: i18n.t("commerce-pdf.tax.vat"), consumptionTax: i18n.t("commerce-pdf.tax.consumptionTax") },
    order,
  );

/** The legal note of each reason that charges no VAT (TAX_REASON_NOTES, ~/payments/tax), in the document's language. */
const TAX_NOTE_KEYS: Partial<Record<TaxReason, string>> = {
  reverse_charge: "commerce-pdf.taxNote.reverseCharge",
  export: "commerce-pdf.taxNote.export",
  foreign_business: "commerce-pdf.taxNote.foreignBusiness",
  not_registered: "commerce-pdf.taxNote.notRegistered",
};

/**
 * taxNoteOf (~/payments/tax) in the document's language, "" when the reason has none: the United
 * Kingdom's own law for a UK reverse charge.
 */
export function taxNoteIn(
  order: Pick<Order, "taxReason" | "country" | "taxSubdivision">,
  i18n: I18n,
): string {
  if (order.taxReason === "reverse_charge" && order.country === "GB")
    return i18n.t("commerce-pdf.taxNote.reverseChargeUk");
  if (order.taxReason === "foreign_consumer")
    return i18n.t("commerce-pdf.taxNote.foreignConsumer", {
      tax: taxNameOf(order, i18n),
      country: countryName(order.country, i18n.tag),
    });
  const key = TAX_NOTE_KEYS[order.taxReason];
  return key ? i18n.t(key) : "";
}

/** What the document says about the check of the buyer's VAT number: orderVatCheckNote in its language, or "". */
export function vatCheckNoteIn(
  order: Pick<Order, "vatNumber" | "vatCheckStatus" | "vatConsultationNumber" | "vatRateBps">,
  i18n: I18n,
): string {
  const check = orderVatCheckOf(order);
  if (!check) return "";
  const { vatNumber, register, consultationNumber } = check;
  const values = { vatNumber, register, consultationNumber: consultationNumber ?? "" };
  switch (check.kind) {
    case "confirmed_after_payment":
      return consultationNumber
        ? i18n.t("commerce-pdf.vatCheck.confirmedAfterPaymentWithConsultation", values)
        : i18n.t("commerce-pdf.vatCheck.confirmedAfterPayment", values);
    case "confirmed":
      return consultationNumber
        ? i18n.t("commerce-pdf.vatCheck.confirmedWithConsultation", values)
        : i18n.t("commerce-pdf.vatCheck.confirmed", values);
    case "not_confirmed":
      return check.status === "pending"
        ? i18n.t("commerce-pdf.vatCheck.pending", values)
        : i18n.t("commerce-pdf.vatCheck.unavailable", values);
  }
}
