import { config } from "~/platform/config.server";
import type { I18n } from "~/platform/i18n/i18n";
import type { Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { type Mail, queueMail } from "~/platform/mail.server";
import { recipientLanguage } from "../profiles/profile-language.server";

export const RESET_LINK_TTL_MINUTES = 60;

/** The reset page's address for `token`, in `i18n`'s language (`/de/reset-password?token=…`; English at the root). */
export function resetPasswordUrl(token: string, i18n: I18n) {
  return `${config().PUBLIC_URL}${i18n.path("/reset-password")}?token=${encodeURIComponent(token)}`;
}

/** The mail with a single-use reset link, in `i18n`'s language. */
export function passwordResetMail(i18n: I18n, to: string, token: string): Mail {
  return {
    to,
    subject: i18n.t("accounts-mail.reset.subject"),
    text: [
      i18n.t("accounts-mail.reset.intro"),
      i18n.t("accounts-mail.reset.link", { minutes: RESET_LINK_TTL_MINUTES }),
      "",
      resetPasswordUrl(token, i18n),
      "",
      i18n.t("accounts-mail.reset.ignore"),
    ].join("\n"),
  };
}

/**
 * Queues the reset mail in the language stored on the address's profile, else `fallback` (the
 * language of the page it was asked from), else English.
 */
export async function sendPasswordResetMail(to: string, token: string, fallback?: Locale | null) {
  const language = await recipientLanguage({ email: to }, fallback);
  await queueMail(passwordResetMail(translator(language, ["accounts-mail"]), to, token));
}
