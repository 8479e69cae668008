import { CA_PROVINCE_TAXES, FOREIGN_CONSUMER_TAXES } from "./tax-rates";

/**
 * Where the seller is registered to charge consumer tax, and what happens to a consumer in a country
 * where it is not: configuration (TAX_REGISTRATIONS, TAX_UNREGISTERED), passed into decideTax.
 */
export interface TaxRules {
  /** "EU" (the One-Stop Shop), countries of the tax table, and Canadian provinces as "CA-QC". */
  registered: ReadonlySet<string>;
  /** A consumer in a country not registered: charged no tax (with the invoice's note), or refused. */
  unregistered: "no_tax" | "refuse";
}

export const UNREGISTERED_POLICIES = ["no_tax", "refuse"] as const;

/** Provinces whose own tax needs its own registration (an HST is registered with the GST). */
const PROVINCE_REGISTRATIONS = Object.entries(CA_PROVINCE_TAXES)
  .filter(([, row]) => row.kind !== "HST")
  .map(([code]) => `CA-${code}`);

/** Every registration the table knows: the default registers them all. */
export const KNOWN_REGISTRATIONS = ["EU", ...Object.keys(FOREIGN_CONSUMER_TAXES), ...PROVINCE_REGISTRATIONS];

export const DEFAULT_TAX_REGISTRATIONS = KNOWN_REGISTRATIONS.join(",");

export type TaxRulesParse = { ok: true; rules: TaxRules } | { ok: false; message: string };

/** The rules from the settings' text, or the sentence that says which entry is wrong. */
export function parseTaxRules(registrations: string, unregistered: TaxRules["unregistered"]): TaxRulesParse {
  const entries = registrations
    .split(",")
    .map((entry) => entry.trim().toUpperCase())
    .filter(Boolean);
  const unknown = entries.filter((entry) => !KNOWN_REGISTRATIONS.includes(entry));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `TAX_REGISTRATIONS names ${unknown.join(", ")}, which the tax table does not know (known: ${KNOWN_REGISTRATIONS.join(",")})`,
    };
  }
  // An EU seller charges EU consumers their country's VAT whatever it configures.
  if (!entries.includes("EU")) {
    return {
      ok: false,
      message:
        "TAX_REGISTRATIONS must include EU: a seller established in Cyprus charges EU consumers their country's VAT through the One-Stop Shop",
    };
  }
  return { ok: true, rules: { registered: new Set(entries), unregistered } };
}

/** Registered everywhere the table knows; unregistered countries' consumers pay no tax. */
export const DEFAULT_TAX_RULES: TaxRules = {
  registered: new Set(KNOWN_REGISTRATIONS),
  unregistered: "no_tax",
};
