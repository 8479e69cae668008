import { countryName } from "../countries";

/**
 * VAT numbers as a buyer types them: the format of their country's register, checked before the
 * number is priced (whether it is registered is VIES's or HMRC's answer, not this file's).
 */

/**
 * VAT number formats per member state (the number after its prefix), as the EU's VIES service
 * documents them, and the United Kingdom's, as HMRC does. A format check only: whether the number is registered is VIES's answer.
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
  // The United Kingdom (HMRC): 9 digits, or 12 for a branch of a group registration.
  GB: { pattern: /^(\d{9}|\d{12})$/, example: "GB123456789" },
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

export const VAT_NUMBER_OUTSIDE_EU_MESSAGE =
  "A VAT number is only needed for businesses in the EU or the United Kingdom.";
