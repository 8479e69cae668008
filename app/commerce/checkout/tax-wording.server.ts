import { countryName } from "~/payments/countries";
import { foreignTaxName, type TaxReason } from "~/payments/tax";
import { DEFAULT_LOCALE, type PageLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { TOTAL_LABELS } from "./total-label";

const REASON_KEYS: Record<TaxReason, string> = {
  domestic: "commerce.tax.reason.domestic",
  eu_consumer: "commerce.tax.reason.euConsumer",
  reverse_charge: "commerce.tax.reason.reverseCharge",
  export: "commerce.tax.reason.export",
  foreign_consumer: "commerce.tax.reason.foreignConsumer",
  foreign_business: "commerce.tax.reason.foreignBusiness",
  not_registered: "commerce.tax.reason.notRegistered",
};

/** The tax names a language writes its own way; GST, HST, QST and the like stay as their countries write them. */
const TAX_NAME_KEYS: Record<string, string> = {
  VAT: "commerce.tax.vat",
  "consumption tax": "commerce.tax.consumptionTax",
  tax: "commerce.tax.tax",
};

export interface TaxWording {
  /** Why the order carries the tax it does ("VAT of France (EU consumer rate)"). */
  reason: string;
  /** What its tax line is called: VAT, or the foreign consumer tax it charges. */
  name: string;
}

/**
 * The checkout's and the order page's words for the tax, in the page's language; the English
 * catalogue says exactly what `describeTax` and `taxLineLabel` say (a test holds them together).
 * `pending`: VAT charged until the buyer's VAT number is confirmed.
 */
export function taxWordingIn(
  locale: PageLocale,
  order: { reason: TaxReason; country: string; subdivision?: string | null },
  pending = false,
): TaxWording {
  const { t, tag } = translator(locale, ["commerce"]);
  const english = foreignTaxName(order.country, order.subdivision);
  const tax = Object.hasOwn(TAX_NAME_KEYS, english) ? t(TAX_NAME_KEYS[english]!) : english;
  const country = countryName(order.country, tag === "en" ? "en" : tag);
  const reason = t(REASON_KEYS[order.reason], { country, tax });
  return {
    reason: pending ? t("commerce.tax.untilConfirmed", { reason }) : reason,
    name: order.reason === "foreign_consumer" ? tax : t("commerce.tax.vat"),
  };
}

/** An order's tax words as the order summary takes them (`taxReason`, `taxName`). */
export function taxWordingOf(
  order: { taxReason: TaxReason; country: string; taxSubdivision?: string | null },
  locale: PageLocale,
) {
  const wording = taxWordingIn(locale, {
    reason: order.taxReason,
    country: order.country,
    subdivision: order.taxSubdivision,
  });
  return { taxReason: wording.reason, taxName: wording.name };
}

/**
 * How an order's total is labelled: "incl. VAT" only when VAT was charged; an order without VAT
 * (reverse charge, export) says "Total" and why it has none.
 */
export function totalLabelOf(
  order: {
    vatRateBps: number;
    taxReason: TaxReason;
    country: string;
    taxSubdivision?: string | null;
  },
  locale: PageLocale = DEFAULT_LOCALE,
) {
  if (order.vatRateBps > 0) return { label: TOTAL_LABELS.withVat, reason: null };
  const wording = taxWordingIn(locale, {
    reason: order.taxReason,
    country: order.country,
    subdivision: order.taxSubdivision,
  });
  return { label: TOTAL_LABELS.withoutVat, reason: wording.reason };
}
