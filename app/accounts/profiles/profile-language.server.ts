import type { Locale } from "~/platform/i18n/locales";
import { saveLanguage as storeLanguage } from "./profiles.queries.server";

/** Remembers a signed-in user's interface language: their pages, mails and PDFs use it. */
export async function saveLanguage(userId: string, language: Locale) {
  await storeLanguage(userId, language);
}
