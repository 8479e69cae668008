import { messagesFor } from "~/platform/i18n/catalogues.server";
import { type I18n, makeI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { BIC_MESSAGES, IBAN_MESSAGES } from "./details/bank-account";
import { PAYOUT_MESSAGES } from "./details/payout-details";

/** The payouts pages' messages in the page's language, for what their actions answer. */
export function payoutsI18n(params: { lang?: string }): I18n {
  const locale = pageLocaleOf(params);
  return makeI18n(locale, messagesFor(locale, ["payouts"]));
}

/**
 * The key of each message the payout forms share as English text (payout-details.ts and
 * bank-account.ts keep it: tests compare it), so a refused form is translated by looking it up.
 */
const KEYS = new Map<string, string>([
  [PAYOUT_MESSAGES.unknownIntent, "payouts.error.unknownIntent"],
  [PAYOUT_MESSAGES.stripeUnavailable, "payouts.error.stripeUnavailable"],
  [PAYOUT_MESSAGES.stripeFailed, "payouts.error.stripeFailed"],
  [PAYOUT_MESSAGES.ibanUnreadable, "payouts.error.ibanUnreadable"],
  [PAYOUT_MESSAGES.ibanRequired, "payouts.error.ibanRequired"],
  [PAYOUT_MESSAGES.dateOfBirth, "payouts.error.dateOfBirth"],
  [PAYOUT_MESSAGES.tooYoung, "payouts.error.tooYoung"],
  [PAYOUT_MESSAGES.companyNumber, "payouts.error.companyNumber"],
  [PAYOUT_MESSAGES.country, "payouts.error.country"],
  [PAYOUT_MESSAGES.taxIdCountry, "payouts.error.taxIdCountry"],
  [PAYOUT_MESSAGES.permanentEstablishment, "payouts.error.permanentEstablishment"],
  [PAYOUT_MESSAGES.firstName, "payouts.error.firstName"],
  [PAYOUT_MESSAGES.lastName, "payouts.error.lastName"],
  [PAYOUT_MESSAGES.characters, "payouts.error.characters"],
  [IBAN_MESSAGES.characters, "payouts.error.ibanCharacters"],
  [IBAN_MESSAGES.country, "payouts.error.ibanCountry"],
  [IBAN_MESSAGES.checksum, "payouts.error.ibanChecksum"],
  [BIC_MESSAGES.required, "payouts.error.bicRequired"],
  [BIC_MESSAGES.format, "payouts.error.bicFormat"],
  ["An IBAN has at most 34 characters.", "payouts.error.ibanTooLong"],
  ["A BIC has 8 or 11 characters.", "payouts.error.bicTooLong"],
  ["Use a single line without special characters.", "payouts.error.singleLine"],
  ["Choose individual or business.", "payouts.error.sellerKind"],
  ["Enter the account holder's name.", "payouts.error.holderRequired"],
  ["Keep the account holder's name to 70 characters.", "payouts.error.holderLong"],
  ["Enter your legal name.", "payouts.error.legalNameRequired"],
  ["Keep your legal name to 140 characters.", "payouts.error.legalNameLong"],
  ["Keep your first name to 69 characters.", "payouts.error.firstNameLong"],
  ["Keep your last name to 70 characters.", "payouts.error.lastNameLong"],
  ["Enter your street address.", "payouts.error.addressLineRequired"],
  ["Keep your street address to 140 characters.", "payouts.error.addressLineLong"],
  ["Enter your postal code.", "payouts.error.postalCodeRequired"],
  ["Keep your postal code to 16 characters.", "payouts.error.postalCodeLong"],
  ["Enter your city.", "payouts.error.cityRequired"],
  ["Keep your city to 70 characters.", "payouts.error.cityLong"],
  ["Keep the company number to 40 characters.", "payouts.error.companyNumberShortLong"],
  ["Keep your company's registration number to 40 characters.", "payouts.error.companyNumberLong"],
  ["Enter your tax identification number.", "payouts.error.taxIdRequired"],
  ["Keep your tax identification number to 40 characters.", "payouts.error.taxIdLong"],
]);

/** Messages with figures in them: their pattern, key and the values the pattern reads. */
const PATTERNS: [RegExp, string, string[]][] = [
  [/^An IBAN from ([A-Z]{2}) has (\d+) characters\.$/, "payouts.error.ibanLength", ["country", "length"]],
  [
    /^That BIC is for a bank in ([A-Z]{2}), but the IBAN is from ([A-Z]{2})\.$/,
    "payouts.error.bicCountry",
    ["bicCountry", "ibanCountry"],
  ],
];

/** One of the payout forms' English sentences in the page's language (anything else as it is). */
export function payoutsText(i18n: I18n, text: string): string {
  const key = KEYS.get(text);
  if (key) return i18n.t(key);
  for (const [pattern, patternKey, names] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return i18n.t(patternKey, Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])));
  }
  return text;
}
