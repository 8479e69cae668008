import type { License } from "~/catalog/clips/attributes";

/**
 * The license terms' headings in the page's language. The terms themselves (license-terms.ts) stay
 * in English, the binding version: pages that translate the headings say so ("licensing.terms.binding").
 */
export const LICENSE_NAME_KEYS: Record<License, string> = {
  standard: "licensing.terms.standard",
  extended: "licensing.terms.extended",
};
