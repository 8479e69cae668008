/**
 * IBAN and BIC checks (ISO 13616 and ISO 9362), pure and browser-safe: the server decides with
 * them, the form and the tests use the same messages.
 */

/** IBAN length per country (SWIFT's IBAN registry); a country missing here has no IBAN. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** The longest IBAN with spaces every four characters, as a field limit. */
export const IBAN_INPUT_MAX = 42;
export const BIC_INPUT_MAX = 11;

export const IBAN_MESSAGES = {
  required: "Enter your IBAN.",
  characters: "An IBAN has only letters and digits (spaces between groups are fine).",
  country: "That IBAN does not start with the code of a country that uses IBANs.",
  length: (country: string, length: number) => `An IBAN from ${country} has ${length} characters.`,
  checksum: "That IBAN is not valid: check it for a mistyped character.",
} as const;

export const BIC_MESSAGES = {
  required: "Enter your bank's BIC (SWIFT code).",
  format:
    "A BIC has 8 or 11 characters: 4 letters for the bank, 2 for the country, then 2 or 5 letters or digits.",
  country: (bicCountry: string, ibanCountry: string) =>
    `That BIC is for a bank in ${bicCountry}, but the IBAN is from ${ibanCountry}.`,
} as const;

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

/** The ISO 7064 mod-97 remainder of an IBAN moved to its check form (letters as 10–35). */
function mod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** An IBAN in its stored form (uppercase, no spaces), or what is wrong with it. */
export function checkIban(raw: string): Check<string> {
  const iban = raw.replace(/ /g, "").toUpperCase();
  if (!iban) return { ok: false, message: IBAN_MESSAGES.required };
  if (!/^[A-Z0-9]+$/.test(iban)) return { ok: false, message: IBAN_MESSAGES.characters };
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!/^[A-Z]{2}$/.test(country) || length === undefined)
    return { ok: false, message: IBAN_MESSAGES.country };
  if (iban.length !== length) return { ok: false, message: IBAN_MESSAGES.length(country, length) };
  if (!/^\d{2}$/.test(iban.slice(2, 4)) || mod97(iban) !== 1)
    return { ok: false, message: IBAN_MESSAGES.checksum };
  return { ok: true, value: iban };
}

/**
 * Territories whose IBAN carries their own code while their banks' BICs may name the country
 * whose banking system they use.
 */
const BIC_COUNTRIES_OF_IBAN: Readonly<Record<string, readonly string[]>> = {
  MC: ["MC", "FR"],
  SM: ["SM", "IT"],
  VA: ["VA", "IT"],
};

/** A BIC in its stored form (uppercase), checked against the IBAN's country when one is given. */
export function checkBic(raw: string, ibanCountry?: string): Check<string> {
  const bic = raw.replace(/ /g, "").toUpperCase();
  if (!bic) return { ok: false, message: BIC_MESSAGES.required };
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic))
    return { ok: false, message: BIC_MESSAGES.format };
  const bicCountry = bic.slice(4, 6);
  if (ibanCountry && !(BIC_COUNTRIES_OF_IBAN[ibanCountry] ?? [ibanCountry]).includes(bicCountry))
    return { ok: false, message: BIC_MESSAGES.country(bicCountry, ibanCountry) };
  return { ok: true, value: bic };
}

/** IBAN with a space every four characters, as banks print it. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");
