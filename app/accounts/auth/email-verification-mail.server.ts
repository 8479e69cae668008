import type { I18n } from "~/platform/i18n/i18n";
import type { Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { type Mail, queueMail } from "~/platform/mail.server";
import { recipientLanguage } from "../profiles/profile-language.server";

export const VERIFICATION_LINK_TTL_HOURS = 24;

/** The mail with the link that proves the address belongs to the account holder, in `i18n`'s language. */
export function verificationMail(i18n: I18n, to: string, url: string): Mail {
  return {
    to,
    subject: i18n.t("accounts-mail.verification.subject"),
    text: [
      i18n.t("accounts-mail.verification.intro", { email: to }),
      i18n.t("accounts-mail.verification.link", { hours: VERIFICATION_LINK_TTL_HOURS }),
      "",
      url,
      "",
      i18n.t("accounts-mail.verification.orders"),
      i18n.t("accounts-mail.verification.ignore"),
    ].join("\n"),
  };
}

/**
 * Queues the verification mail in the language stored on the address's profile, else `fallback`
 * (the language of the page it was asked from), else English.
 */
export async function sendVerificationMail(to: string, url: string, fallback?: Locale | null) {
  const language = await recipientLanguage({ email: to }, fallback);
  await queueMail(verificationMail(translator(language, ["accounts-mail"]), to, url));
}
