import { DEFAULT_LOCALE, isLocale, type Locale } from "~/platform/i18n/locales";
import { findLanguage, findLanguageByEmail, saveLanguage as storeLanguage } from "./profiles.queries.server";

/** Remembers a signed-in user's interface language: their pages, mails and PDFs use it. */
export async function saveLanguage(userId: string, language: Locale) {
  await storeLanguage(userId, language);
}

/**
 * The language a person's mails and documents are written in: the one stored on their profile (chosen
 * with the switcher, or the page they signed up on), else `fallback` (the page the mail was asked
 * from, the language of the checkout), else English.
 */
export async function recipientLanguage(
  who: { userId?: string | null; email?: string | null },
  fallback?: Locale | null,
): Promise<Locale> {
  const stored = who.userId
    ? await findLanguage(who.userId)
    : who.email
      ? await findLanguageByEmail(who.email)
      : null;
  return (isLocale(stored) ? stored : null) ?? fallback ?? DEFAULT_LOCALE;
}
