import type { FormReply } from "~/platform/http/form-reply";
import type { I18n } from "~/platform/i18n/i18n";
import {
  BUSINESS_NAME_REQUIRED_MESSAGE,
  CHECKOUT_RATE_LIMITED_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  COUNTRY_INVALID_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  PROMO_MESSAGES,
  TERMS_REQUIRED_MESSAGE,
} from "./checkout-schema";

/**
 * The checkout's messages keep their English constants (services and tests compare them); what a
 * page shows is looked up here by that English text and said in its language. A message not listed
 * (the tax rules' own refusals, from ~/payments) is shown as written.
 */
const KEYS: Record<string, string> = {
  [PROMO_MESSAGES.invalid]: "commerce.promo.invalid",
  [PROMO_MESSAGES.expired]: "commerce.promo.expired",
  [PROMO_MESSAGES.error]: "commerce.promo.error",
  [PROMO_MESSAGES.rateLimited]: "commerce.promo.rateLimited",
  [PROMO_MESSAGES.usedUp]: "commerce.promo.usedUp",
  [PROMO_MESSAGES.customerLimit]: "commerce.promo.customerLimit",
  [ORDER_FAILED_MESSAGE]: "commerce.checkout.error.orderFailed",
  [CHECKOUT_RATE_LIMITED_MESSAGE]: "commerce.checkout.error.rateLimited",
  [EMAIL_REQUIRED_MESSAGE]: "commerce.checkout.error.emailRequired",
  [EMAIL_INVALID_MESSAGE]: "commerce.checkout.error.emailInvalid",
  [TERMS_REQUIRED_MESSAGE]: "commerce.checkout.error.termsRequired",
  [COUNTRY_INVALID_MESSAGE]: "commerce.checkout.error.countryInvalid",
  [BUSINESS_NAME_REQUIRED_MESSAGE]: "commerce.checkout.error.companyRequired",
  [CONTROL_CHARACTERS_MESSAGE]: "commerce.checkout.error.controlCharacters",
  "Unknown action.": "commerce.checkout.error.unknownAction",
  "Too many VAT numbers were checked from your network. Please try again in a little while.":
    "commerce.checkout.error.vatChecksLimited",
  "That plan is no longer available. Please choose a plan again.": "commerce.checkout.error.planGone",
  "Please choose a plan.": "commerce.pricing.error.choosePlan",
  "That plan is no longer available. Please choose another.": "commerce.pricing.error.planGone",
  "Please choose your province or territory from the list.": "commerce.checkout.error.provinceMissing",
  "Please choose your state from the list.": "commerce.checkout.error.stateMissing",
  "Please choose your region from the list.": "commerce.checkout.error.regionMissing",
};

/** Messages with a value in them: the English pattern, its key, and the values it carries. */
export interface MessagePattern {
  pattern: RegExp;
  key: string;
  values: (match: RegExpExecArray) => Record<string, string>;
}

const PATTERNS: MessagePattern[] = [
  {
    pattern: /^Please keep this under (\d+) characters$/,
    key: "commerce.checkout.error.tooLong",
    values: (match) => ({ max: match[1]! }),
  },
  {
    pattern:
      /^(VIES|HMRC) does not know the VAT number (\S+)\. Check it, or buy without it and VAT is added\.$/,
    key: "commerce.vat.rejected",
    values: (match) => ({ register: match[1]!, vatNumber: match[2]! }),
  },
];

type Localize = (message: string, i18n: Pick<I18n, "t">) => string;

/** A translator of English messages by their text (`keys`) or their pattern: another domain makes its own. */
export function messageLocalizer(
  keys: Record<string, string>,
  patterns: readonly MessagePattern[] = [],
): Localize {
  return (message, i18n) => {
    // A key whose namespace the page did not load reads as the key itself: then the English stands.
    const said = (key: string, values?: Record<string, string>) => {
      const text = i18n.t(key, values);
      return text === key ? message : text;
    };
    const key = keys[message];
    if (key) return said(key);
    for (const { pattern, key: patternKey, values } of patterns) {
      const match = pattern.exec(message);
      if (match) return said(patternKey, values(match));
    }
    return message;
  };
}

/** One of commerce's messages as the page says it: translated when the catalogue has it, else as written. */
export const localMessage = messageLocalizer(KEYS, PATTERNS);

/** A refusal with its form and field messages said in the page's language. */
export function localReply<T extends FormReply>(
  reply: T,
  i18n: Pick<I18n, "t">,
  local: Localize = localMessage,
): T {
  return {
    ...reply,
    formError: reply.formError === null ? null : local(reply.formError, i18n),
    fieldErrors: Object.fromEntries(
      Object.entries(reply.fieldErrors).map(([field, message]) => [field, local(message, i18n)]),
    ),
  };
}
