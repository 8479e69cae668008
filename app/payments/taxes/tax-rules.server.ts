import { ConfigError, config } from "~/platform/config.server";
import { parseTaxRules, type TaxRules } from "./tax-rules";

let cached: { from: string; rules: TaxRules } | undefined;

/**
 * The seller's tax registrations from the configuration (TAX_REGISTRATIONS, TAX_UNREGISTERED), for
 * the server's callers of decideTax. An entry the tax table does not know stops the quote with
 * the configuration's error rather than pricing without it.
 */
export function taxRules(): TaxRules {
  const settings = config();
  const from = `${settings.TAX_REGISTRATIONS}|${settings.TAX_UNREGISTERED}`;
  if (cached?.from === from) return cached.rules;
  const parsed = parseTaxRules(settings.TAX_REGISTRATIONS, settings.TAX_UNREGISTERED);
  if (!parsed.ok) throw new ConfigError(parsed.message);
  cached = { from, rules: parsed.rules };
  return parsed.rules;
}
