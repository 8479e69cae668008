/**
 * Writes app/payments/country-names.ts: every country's English name, in the order a select lists
 * them. Run again when COUNTRY_CODES changes: `npx tsx scripts/country-names.ts`.
 */
import { writeFileSync } from "node:fs";
import { COUNTRY_CODES } from "../app/payments/countries";

const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
const collator = new Intl.Collator("en");
const options = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
  collator.compare(a.name, b.name),
);
const lines = options.map(({ code, name }) => `  { code: "${code}", name: ${JSON.stringify(name)} },`);
writeFileSync(
  "app/payments/country-names.ts",
  `import type { Country } from "./countries";

/**
 * Every country's English name, in the order a select lists them. Written by
 * scripts/country-names.ts from the ICU data of the Node that ran it, and kept here because the
 * server and the browser must render the same names in the same order: their ICU data differ, and
 * a select whose text differs from the server's breaks React's hydration.
 */
export const COUNTRY_OPTIONS_EN: readonly { code: Country; name: string }[] = [
${lines.join("\n")}
];
`,
);
console.log(`${options.length} countries written`);
