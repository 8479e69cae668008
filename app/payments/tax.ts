import { COMPANY_COUNTRY_CODE } from "~/constants";
import { countryName, DEFAULT_COUNTRY } from "./countries";

/**
 * VAT for a seller of digital services established in Cyprus (the EU's One-Stop Shop rules):
 * an EU consumer pays their own country's rate; an EU business outside Cyprus with a VAT number
 * pays none (reverse charge); a Cypriot business pays Cyprus's rate; outside the EU nobody pays
 * VAT (export of services). Pure and browser-safe: the server computes with it, tests use it as
 * the oracle, the checkout page shows its reasons.
 */

/** One standard rate in basis points, valid from a date (UTC, inclusive) until the next entry's. */
export interface DatedRate {
  from: string;
  bps: number;
}

/**
 * Standard VAT rates of the EU member states, oldest first. A change is a new entry with its
 * `from` date; orders placed before it keep the rate they were charged (it is stored on the order).
 */
export const EU_VAT_RATES: Record<string, readonly DatedRate[]> = {
  AT: [{ from: "2016-01-01", bps: 2000 }],
  BE: [{ from: "1996-01-01", bps: 2100 }],
  BG: [{ from: "2007-01-01", bps: 2000 }],
  CY: [{ from: "2014-01-13", bps: 1900 }],
  CZ: [{ from: "2013-01-01", bps: 2100 }],
  DE: [{ from: "2021-01-01", bps: 1900 }],
  DK: [{ from: "1992-01-01", bps: 2500 }],
  EE: [
    { from: "2024-01-01", bps: 2200 },
    { from: "2025-07-01", bps: 2400 },
  ],
  ES: [{ from: "2012-09-01", bps: 2100 }],
  FI: [
    { from: "2013-01-01", bps: 2400 },
    { from: "2024-09-01", bps: 2550 },
  ],
  FR: [{ from: "2014-01-01", bps: 2000 }],
  GR: [{ from: "2016-06-01", bps: 2400 }],
  HR: [{ from: "2013-01-01", bps: 2500 }],
  HU: [{ from: "2012-01-01", bps: 2700 }],
  IE: [{ from: "2021-03-01", bps: 2300 }],
  IT: [{ from: "2013-10-01", bps: 2200 }],
  LT: [{ from: "2009-09-01", bps: 2100 }],
  LU: [
    { from: "2015-01-01", bps: 1700 },
    { from: "2023-01-01", bps: 1600 },
    { from: "2024-01-01", bps: 1700 },
  ],
  LV: [{ from: "2011-01-01", bps: 2100 }],
  MT: [{ from: "2004-01-01", bps: 1800 }],
  NL: [{ from: "2012-10-01", bps: 2100 }],
  PL: [{ from: "2011-01-01", bps: 2300 }],
  PT: [{ from: "2011-01-01", bps: 2300 }],
  RO: [
    { from: "2017-01-01", bps: 1900 },
    { from: "2025-08-01", bps: 2100 },
  ],
  SE: [{ from: "1990-07-01", bps: 2500 }],
  SI: [{ from: "2013-07-01", bps: 2200 }],
  SK: [
    { from: "2011-01-01", bps: 2000 },
    { from: "2025-01-01", bps: 2300 },
  ],
};

export const isEuCountry = (country: string) => Object.hasOwn(EU_VAT_RATES, country);

/** The standard rate of an EU member state on a day. */
export function standardRateBps(country: string, on: Date): number {
  const rates = EU_VAT_RATES[country];
  if (!rates) throw new RangeError(`not an EU member state: ${country}`);
  const day = on.toISOString().slice(0, 10);
  let current: DatedRate | undefined;
  for (const rate of rates) if (rate.from <= day) current = rate;
  if (!current) throw new RangeError(`no VAT rate for ${country} on ${day}`);
  return current.bps;
}

/**
 * VAT number formats per member state (the number after its prefix), as the EU's VIES service
 * documents them. A format check only: whether the number is registered is VIES's answer.
 */
const VAT_NUMBER_FORMATS: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^U\d{8}$/, example: "ATU12345678" },
  BE: { pattern: /^[01]\d{9}$/, example: "BE0123456789" },
  BG: { pattern: /^\d{9,10}$/, example: "BG123456789" },
  CY: { pattern: /^\d{8}[A-Z]$/, example: "CY12345678X" },
  CZ: { pattern: /^\d{8,10}$/, example: "CZ12345678" },
  DE: { pattern: /^\d{9}$/, example: "DE123456789" },
  DK: { pattern: /^\d{8}$/, example: "DK12345678" },
  EE: { pattern: /^\d{9}$/, example: "EE123456789" },
  ES: { pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: "ESX1234567X" },
  FI: { pattern: /^\d{8}$/, example: "FI12345678" },
  FR: { pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: "FR12345678901" },
  GR: { pattern: /^\d{9}$/, example: "EL123456789" },
  HR: { pattern: /^\d{11}$/, example: "HR12345678901" },
  HU: { pattern: /^\d{8}$/, example: "HU12345678" },
  IE: { pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: "IE1234567WA" },
  IT: { pattern: /^\d{11}$/, example: "IT12345678901" },
  LT: { pattern: /^(\d{9}|\d{12})$/, example: "LT123456789" },
  LU: { pattern: /^\d{8}$/, example: "LU12345678" },
  LV: { pattern: /^\d{11}$/, example: "LV12345678901" },
  MT: { pattern: /^\d{8}$/, example: "MT12345678" },
  NL: { pattern: /^\d{9}B\d{2}$/, example: "NL123456789B01" },
  PL: { pattern: /^\d{10}$/, example: "PL1234567890" },
  PT: { pattern: /^\d{9}$/, example: "PT123456789" },
  RO: { pattern: /^[1-9]\d{1,9}$/, example: "RO1234567890" },
  SE: { pattern: /^\d{10}01$/, example: "SE123456789001" },
  SI: { pattern: /^\d{8}$/, example: "SI12345678" },
  SK: { pattern: /^\d{10}$/, example: "SK1234567890" },
};

/** The prefix a VAT number carries: the country code, except Greece's "EL". */
export const vatPrefixOf = (country: string) => (country === "GR" ? "EL" : country);

/**
 * Prefixes that name a VAT register other than the buyer's: the member states' (Greece's "EL"), "XI"
 * for Northern Ireland (its numbers cover goods only, so a buyer of digital services there bills as
 * the United Kingdom, outside the EU) and "GB" for the United Kingdom. "GR" is not a prefix, but a
 * Greek number typed with it gets Greece's own hint rather than a format error.
 */
const VAT_REGISTERS: ReadonlyMap<string, string> = new Map([
  ...Object.keys(VAT_NUMBER_FORMATS).map((country) => [vatPrefixOf(country), country] as const),
  ["GR", "GR"],
  ["XI", "XI"],
  ["GB", "GB"],
]);

/** The VAT-register prefix a compact number starts with, or null; the caller has ruled out its own. */
function foreignVatPrefix(compact: string): string | null {
  const lead = compact.slice(0, 2);
  return /^[A-Z]{2}$/.test(lead) && VAT_REGISTERS.has(lead) ? lead : null;
}

const registerName = (prefix: string) =>
  prefix === "XI" ? "Northern Ireland" : countryName(VAT_REGISTERS.get(prefix) ?? prefix);

function vatPrefixMismatchMessage(country: string, foreign: string, example: string): string {
  if (foreign === "GR" && country === "GR") {
    return `Greek VAT numbers start with EL, not GR (for example ${example}).`;
  }
  return `That VAT number starts with ${foreign}, the prefix of ${registerName(foreign)}, not of ${countryName(country)} (for example ${example}).`;
}

export const VAT_NUMBER_MAX = 20;

export type VatNumberCheck = { ok: true; vatNumber: string } | { ok: false; message: string };

/**
 * A VAT number in its stored form (prefix, no spaces, dots or dashes, uppercased), or the message
 * that says what is wrong with it.
 */
export function checkVatNumber(country: string, raw: string): VatNumberCheck {
  const format = Object.hasOwn(VAT_NUMBER_FORMATS, country) ? VAT_NUMBER_FORMATS[country] : undefined;
  if (!format) return { ok: false, message: VAT_NUMBER_OUTSIDE_EU_MESSAGE };
  const prefix = vatPrefixOf(country);
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, "");
  let number = compact;
  if (compact.startsWith(prefix)) number = compact.slice(prefix.length);
  else {
    // Checked before the format: France's format lets a number start with two letters, so
    // "DE123456789" would otherwise read as a French number "FRDE123456789".
    const foreign = foreignVatPrefix(compact);
    if (foreign) return { ok: false, message: vatPrefixMismatchMessage(country, foreign, format.example) };
  }
  if (!format.pattern.test(number)) {
    return {
      ok: false,
      message: `That VAT number does not have the format used in ${countryName(country)} (for example ${format.example}).`,
    };
  }
  return { ok: true, vatNumber: `${prefix}${number}` };
}

export const VAT_NUMBER_OUTSIDE_EU_MESSAGE = "A VAT number is only needed for businesses in the EU.";

export const BUYER_TYPES = ["individual", "business"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

/** Why an order carries the VAT it does; stored on the order and printed on its invoice. */
export const TAX_REASONS = ["domestic", "eu_consumer", "reverse_charge", "export"] as const;
export type TaxReason = (typeof TAX_REASONS)[number];

/** What the checkout and the invoice say about each reason. */
export const TAX_REASON_LABELS: Record<TaxReason, string> = {
  domestic: "Cyprus VAT",
  eu_consumer: "VAT of the buyer's EU country",
  reverse_charge: "Reverse charge",
  export: "Export of services",
};

/** The reason as the checkout shows it under the VAT line, e.g. "France's rate for consumers in the EU". */
export function describeTax(reason: TaxReason, country: string): string {
  switch (reason) {
    case "domestic":
      return "Cyprus VAT";
    case "eu_consumer":
      return `VAT of ${countryName(country)} (EU consumer rate)`;
    case "reverse_charge":
      return "Reverse charge: your business accounts for the VAT";
    case "export":
      return "Export of services: no EU VAT";
  }
}

/** The legal note an invoice carries when it charges no VAT. */
export const TAX_REASON_NOTES: Partial<Record<TaxReason, string>> = {
  reverse_charge:
    "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).",
  export: "Export of services: outside the scope of EU VAT (Article 44, Council Directive 2006/112/EC).",
};

export interface TaxBuyer {
  country: string;
  buyerType: BuyerType;
  /** Null or empty: none given. */
  vatNumber: string | null;
}

/** Until the buyer says otherwise: an individual in the seller's country. */
export const DEFAULT_TAX_BUYER: TaxBuyer = {
  country: DEFAULT_COUNTRY,
  buyerType: "individual",
  vatNumber: null,
};

export type TaxDecision =
  | { ok: true; rateBps: number; reason: TaxReason; vatNumber: string | null }
  | { ok: false; message: string };

/** The VAT rate and its reason for a buyer on a day; refuses a malformed VAT number. */
export function decideTax(buyer: TaxBuyer, on: Date): TaxDecision {
  const { country } = buyer;
  if (!isEuCountry(country)) return { ok: true, rateBps: 0, reason: "export", vatNumber: null };
  const given = buyer.buyerType === "business" ? (buyer.vatNumber ?? "").trim() : "";
  let vatNumber: string | null = null;
  if (given) {
    const checked = checkVatNumber(country, given);
    if (!checked.ok) return checked;
    vatNumber = checked.vatNumber;
  }
  if (country === COMPANY_COUNTRY_CODE) {
    return { ok: true, rateBps: standardRateBps(country, on), reason: "domestic", vatNumber };
  }
  if (vatNumber) return { ok: true, rateBps: 0, reason: "reverse_charge", vatNumber };
  return { ok: true, rateBps: standardRateBps(country, on), reason: "eu_consumer", vatNumber: null };
}

/** What VIES said about an order's VAT number: `skipped` when no VIES_URL is configured. */
export const VIES_STATUSES = ["valid", "invalid", "skipped", "unavailable"] as const;
export type ViesStatus = (typeof VIES_STATUSES)[number];
