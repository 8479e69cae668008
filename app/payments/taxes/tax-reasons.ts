import { countryName } from "../countries";
import { subdivisionName } from "./subdivisions";
import { CA_PROVINCE_TAXES, FOREIGN_CONSUMER_TAXES } from "./tax-rates";

/**
 * Why an order carries the tax it does: stored on the order (the `tax_reason` enum), shown at
 * checkout and printed on its invoice with the note the law asks for.
 * `export` is what orders outside the EU carried before every country had its own reason; it
 * stays for them and is no longer decided.
 */
export const TAX_REASONS = [
  "domestic",
  "eu_consumer",
  "reverse_charge",
  "export",
  "foreign_consumer",
  "foreign_business",
  "not_registered",
] as const;
export type TaxReason = (typeof TAX_REASONS)[number];

/** What the staff pages call each reason. */
export const TAX_REASON_LABELS: Record<TaxReason, string> = {
  domestic: "Cyprus VAT",
  eu_consumer: "VAT of the buyer's EU country",
  reverse_charge: "Reverse charge",
  export: "Export of services",
  foreign_consumer: "Tax of the buyer's country (outside the EU)",
  foreign_business: "Business outside the EU",
  not_registered: "Not registered in the buyer's country",
};

/**
 * The tax's name for a consumer in a country outside the EU: "VAT", "GST + QST (Québec)", "HST
 * (Ontario)". Canada's GST is replaced by a province's HST or charged beside its QST, PST or RST.
 */
export function foreignTaxName(country: string, subdivision?: string | null): string {
  const row = Object.hasOwn(FOREIGN_CONSUMER_TAXES, country) ? FOREIGN_CONSUMER_TAXES[country] : undefined;
  if (!row) return "tax";
  const province =
    country === "CA" && subdivision && Object.hasOwn(CA_PROVINCE_TAXES, subdivision)
      ? CA_PROVINCE_TAXES[subdivision]
      : undefined;
  if (!province || !subdivision) return row.tax;
  const where = subdivisionName(country, subdivision);
  return province.kind === "HST" ? `HST (${where})` : `${row.tax} + ${province.tax} (${where})`;
}

/** The reason as the checkout shows it under the tax line, e.g. "VAT of France (EU consumer rate)". */
export function describeTax(reason: TaxReason, country: string, subdivision?: string | null): string {
  const name = countryName(country);
  switch (reason) {
    case "domestic":
      return "Cyprus VAT";
    case "eu_consumer":
      return `VAT of ${name} (EU consumer rate)`;
    case "reverse_charge":
      return "Reverse charge: your business accounts for the VAT";
    case "export":
      return "Export of services: no EU VAT";
    case "foreign_consumer":
      return `${name}: ${foreignTaxName(country, subdivision)} for consumers`;
    case "foreign_business":
      return `Business outside the EU: any tax of ${name} is yours to account for`;
    case "not_registered":
      return `No tax charged: any tax of ${name} is yours to account for`;
  }
}

/** What the invoice's tax line is called: VAT, or the foreign consumer tax it charges. */
export function taxLineLabel(reason: TaxReason, country: string, subdivision?: string | null): string {
  return reason === "foreign_consumer" ? foreignTaxName(country, subdivision) : "VAT";
}

/** The legal note an invoice carries when it charges no VAT. */
export const TAX_REASON_NOTES: Partial<Record<TaxReason, string>> = {
  reverse_charge:
    "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).",
  export: "Export of services: outside the scope of EU VAT (Article 44, Council Directive 2006/112/EC).",
  foreign_business:
    "Supply to a business established outside the EU: outside the scope of EU VAT (Article 44, Council Directive 2006/112/EC); tax, if any, to be accounted for by the recipient.",
  not_registered:
    "Supply outside the scope of EU VAT (Article 59, Council Directive 2006/112/EC: supplied where the customer is established); tax, if any, to be accounted for by the recipient.",
};

/** The note for an order: the reason's, with the United Kingdom's own law for a UK reverse charge. */
export function taxNoteOf(reason: TaxReason, country: string, subdivision?: string | null): string | null {
  if (reason === "reverse_charge" && country === "GB") {
    return "Reverse charge: customer to account for the VAT to HMRC (section 8, Value Added Tax Act 1994).";
  }
  if (reason === "foreign_consumer") {
    return `${foreignTaxName(country, subdivision)} of ${countryName(country)} charged by a non-resident supplier of digital services.`;
  }
  return TAX_REASON_NOTES[reason] ?? null;
}
