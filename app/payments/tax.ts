import { COMPANY_COUNTRY_CODE } from "~/constants";
import { countryName, DEFAULT_COUNTRY } from "./countries";
import { subdivisionMissingMessage, subdivisionOf } from "./taxes/subdivisions";
import { CA_PROVINCE_TAXES, EU_VAT_RATES, FOREIGN_CONSUMER_TAXES, rateOn } from "./taxes/tax-rates";
import type { TaxReason } from "./taxes/tax-reasons";
import type { TaxRules } from "./taxes/tax-rules";
import { checkVatNumber } from "./taxes/vat-numbers";

/**
 * The tax of a sale of digital services by a seller established in Cyprus. In the EU (the One-Stop
 * Shop rules): an EU consumer pays their own country's rate; an EU business outside Cyprus with a
 * VAT number pays none (reverse charge); a Cypriot business pays Cyprus's rate. Outside the EU: a
 * consumer pays their country's consumer tax (tax-rates.ts) where the seller is registered for it
 * (TaxRules, from the configuration), else no tax or a refusal, as configured; a UK business with
 * a GB VAT number is reverse charged, other businesses account for any tax themselves.
 * Pure and browser-safe: the server computes with it, tests use it as the oracle.
 */

export { type DatedRate, EU_VAT_RATES } from "./taxes/tax-rates";
export {
  describeTax,
  foreignTaxName,
  TAX_REASON_LABELS,
  TAX_REASON_NOTES,
  TAX_REASONS,
  type TaxReason,
  taxLineLabel,
  taxNoteOf,
} from "./taxes/tax-reasons";
export { DEFAULT_TAX_RULES, parseTaxRules, type TaxRules } from "./taxes/tax-rules";
export {
  checkVatNumber,
  VAT_NUMBER_MAX,
  VAT_NUMBER_OUTSIDE_EU_MESSAGE,
  type VatNumberCheck,
  vatPrefixOf,
} from "./taxes/vat-numbers";

export const isEuCountry = (country: string) => Object.hasOwn(EU_VAT_RATES, country);

/** The standard rate of an EU member state on a day. */
export function standardRateBps(country: string, on: Date): number {
  const rates = Object.hasOwn(EU_VAT_RATES, country) ? EU_VAT_RATES[country] : undefined;
  if (!rates) throw new RangeError(`not an EU member state: ${country}`);
  const bps = rateOn(rates, on);
  if (bps === null) throw new RangeError(`no VAT rate for ${country} on ${on.toISOString().slice(0, 10)}`);
  return bps;
}

export const BUYER_TYPES = ["individual", "business"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

export interface TaxBuyer {
  country: string;
  buyerType: BuyerType;
  /** Null or empty: none given. */
  vatNumber: string | null;
  /** A Canadian province or US state (subdivisions.ts); null or absent elsewhere. */
  subdivision?: string | null;
}

/** Until the buyer says otherwise: an individual in the seller's country. */
export const DEFAULT_TAX_BUYER: TaxBuyer = {
  country: DEFAULT_COUNTRY,
  buyerType: "individual",
  vatNumber: null,
  subdivision: null,
};

/** A refusal names the field it is about; without one it is the VAT number's. */
export type TaxRefusalField = "vatNumber" | "country" | "subdivision";

export type TaxDecision =
  | { ok: true; rateBps: number; reason: TaxReason; vatNumber: string | null }
  | { ok: false; message: string; field?: TaxRefusalField };

type TaxGranted = Extract<TaxDecision, { ok: true }>;

const untaxed = (reason: TaxReason, vatNumber: string | null = null): TaxGranted => ({
  ok: true,
  rateBps: 0,
  reason,
  vatNumber,
});

/** The tax rate and its reason for a buyer on a day under the seller's registrations. */
export function decideTax(buyer: TaxBuyer, on: Date, rules: TaxRules): TaxDecision {
  const { country } = buyer;
  const given = buyer.buyerType === "business" ? (buyer.vatNumber ?? "").trim() : "";
  if (isEuCountry(country)) return decideInEu(country, given, on);
  if (country === "GB" && given) {
    const checked = checkVatNumber(country, given);
    if (!checked.ok) return checked;
    return untaxed("reverse_charge", checked.vatNumber);
  }
  // A UK business without a number is treated as a consumer, as HMRC lets a seller do.
  if (buyer.buyerType === "business" && country !== "GB") return untaxed("foreign_business");
  return decideForConsumerAbroad(buyer, on, rules);
}

function decideInEu(country: string, given: string, on: Date): TaxDecision {
  let vatNumber: string | null = null;
  if (given) {
    const checked = checkVatNumber(country, given);
    if (!checked.ok) return checked;
    vatNumber = checked.vatNumber;
  }
  if (country === COMPANY_COUNTRY_CODE) {
    return { ok: true, rateBps: standardRateBps(country, on), reason: "domestic", vatNumber };
  }
  if (vatNumber) return untaxed("reverse_charge", vatNumber);
  return { ok: true, rateBps: standardRateBps(country, on), reason: "eu_consumer", vatNumber: null };
}

function decideForConsumerAbroad(buyer: TaxBuyer, on: Date, rules: TaxRules): TaxDecision {
  const { country } = buyer;
  const row = Object.hasOwn(FOREIGN_CONSUMER_TAXES, country) ? FOREIGN_CONSUMER_TAXES[country] : undefined;
  if (!row || !rules.registered.has(country)) return unregistered(country, rules);
  const base = rateOn(row.rates, on);
  // Before the country taxed foreign sellers' digital services, none was due.
  if (base === null) return untaxed("export");
  if (country !== "CA") return { ok: true, rateBps: base, reason: "foreign_consumer", vatNumber: null };
  const province = subdivisionOf(country, buyer.subdivision);
  if (!province) return { ok: false, field: "subdivision", message: subdivisionMissingMessage(country) };
  return {
    ok: true,
    rateBps: canadianRate(base, province, on, rules),
    reason: "foreign_consumer",
    vatNumber: null,
  };
}

/**
 * The GST, replaced by the province's HST (registered with the GST) or with the province's QST, PST
 * or RST added where the seller is registered for it (`CA-QC`, `CA-BC`, …).
 */
function canadianRate(gstBps: number, province: string, on: Date, rules: TaxRules): number {
  const row = Object.hasOwn(CA_PROVINCE_TAXES, province) ? CA_PROVINCE_TAXES[province] : undefined;
  const provincial = row ? rateOn(row.rates, on) : null;
  if (!row || provincial === null) return gstBps;
  if (row.kind === "HST") return provincial;
  return rules.registered.has(`CA-${province}`) ? gstBps + provincial : gstBps;
}

function unregistered(country: string, rules: TaxRules): TaxDecision {
  if (rules.unregistered === "no_tax") return untaxed("not_registered");
  return {
    ok: false,
    field: "country",
    message: `We cannot sell to consumers in ${countryName(country)} yet: Verdeo is not registered for its tax. A business there can buy as a business.`,
  };
}

/** What VIES said about an order's VAT number: `skipped` when no VIES_URL is configured. */
export const VIES_STATUSES = ["valid", "invalid", "skipped", "unavailable"] as const;
export type ViesStatus = (typeof VIES_STATUSES)[number];
